import { deliveryMessages } from '#core/schemas/delivery.js';
import { AppError } from '../../platform/errors.js';

/**
 * A multipart/form-data body (what a browser's FormData sends), read whole from memory: the route's body limit
 * bounds it. Text fields and files; anything malformed is a French 400, never a crash.
 */
export interface FormFile {
  field: string;
  fileName: string | null;
  bytes: Buffer;
}
export interface ParsedForm {
  fields: Record<string, string>;
  files: FormFile[];
}

const MAX_PARTS = 24;
const MAX_FIELD_BYTES = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

const invalid = () => new AppError(400, deliveryMessages.formInvalid, { _: deliveryMessages.formInvalid });
/** Browsers send a form's text in UTF-8: other bytes would be kept as "�" in a proof, so they are refused. */
const utf8 = new TextDecoder('utf-8', { fatal: true });
function textOf(field: string, bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError(400, deliveryMessages.textEncoding, { [field]: deliveryMessages.textEncoding });
  }
}

/** The boundary of a `multipart/form-data; boundary=…` type, or null. */
function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function parameter(header: string, name: string): string | null {
  // `name` must not match inside `filename`: a parameter starts after `;` (or the value's start).
  const match = new RegExp(`(?:^|;)\\s*${name}="([^"]*)"`, 'i').exec(header);
  return match ? match[1]! : null;
}

export function parseFormData(body: unknown, contentType: string | undefined): ParsedForm {
  const boundary = boundaryOf(contentType);
  if (!boundary || !Buffer.isBuffer(body)) throw invalid();
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const form: ParsedForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  let position = body.indexOf(delimiter);
  if (position !== 0 && !(position > 0 && body.subarray(position - 2, position).equals(CRLF)))
    throw invalid();
  let parts = 0;
  for (;;) {
    const after = position + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(after, after + 2).toString('latin1') === '--') return form;
    if (!body.subarray(after, after + 2).equals(CRLF)) throw invalid();
    const start = after + 2;
    const end = body.indexOf(next, start);
    if (end < 0) throw invalid();
    if (++parts > MAX_PARTS) throw invalid();
    const part = body.subarray(start, end);
    const headerEnd = part.indexOf(HEADER_END);
    if (headerEnd < 0) throw invalid();
    const headers = part.subarray(0, headerEnd).toString('utf8').split('\r\n');
    const disposition = headers.find((line) => /^content-disposition\s*:/i.test(line));
    if (!disposition || !/:\s*form-data\b/i.test(disposition)) throw invalid();
    const value = disposition.slice(disposition.indexOf(':') + 1);
    const field = parameter(value, 'name');
    if (!field || field.length > 60) throw invalid();
    const fileName = parameter(value, 'filename');
    const content = part.subarray(headerEnd + HEADER_END.length);
    if (fileName !== null) {
      // An empty file input is sent as a part with no name and no bytes: nothing was chosen.
      if (content.length > 0 || fileName !== '')
        form.files.push({ field, fileName: fileName || null, bytes: Buffer.from(content) });
    } else {
      if (content.length > MAX_FIELD_BYTES || Object.hasOwn(form.fields, field)) throw invalid();
      form.fields[field] = textOf(field, content);
    }
    position = end + 2;
  }
}
