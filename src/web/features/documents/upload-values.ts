import type { DriverDocumentType } from '#core/rules/documents.js';

/** The "Ajouter un document" form as typed (the file from its input). */
export interface UploadFormValues {
  type: DriverDocumentType | '';
  number: string;
  label: string;
  issuedAt: string;
  expiresAt: string;
  categories: string[];
  adrKinds: string[];
  file: FileList | null;
}

export const EMPTY_UPLOAD: UploadFormValues = {
  type: '',
  number: '',
  label: '',
  issuedAt: '',
  expiresAt: '',
  categories: [],
  adrKinds: [],
  file: null,
};

/** The file input's `accept`: extensions for pickers that read them, types for the others. */
export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
