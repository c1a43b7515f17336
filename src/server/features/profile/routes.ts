import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema, publicProfileSchema } from '#core/schemas/profile.js';
import { publicUserSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { notFound, errorResponses } from '../../platform/errors.js';
import { readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { toPublicUser } from '../../platform/public-user.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, publicProfile, saveAvatar, updateProfile } from './service.js';
import { fileAnswer } from '../../platform/openapi.js';

/** An avatar's form: the file `image` alone. */
const AVATAR_FORM: FormRules = {
  maxParts: 2,
  maxFieldBytes: 256,
  maxFileBytes: AVATAR_MAX_BYTES,
  tooLarge: AVATAR_TOO_LARGE,
};
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
export async function profileRoutes(root: FastifyInstance, { db, storage }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // An avatar arrives as a browser's FormData (file `image`).
  await registerFormData(app);

  app.put(
    '/api/profile',
    {
      // Signed in first, then the body is read: a visitor gets 401, not field errors.
      onRequest: guards.user,
      schema: {
        tags: ['profile'],
        summary: 'Modifier mon profil',
        body: profileUpdateSchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request) => toPublicUser(await updateProfile(db, requireUser(request), request.body)),
  );

  app.post(
    '/api/profile/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Changer ma photo (multipart : le fichier `image`, PNG, JPEG ou WebP, 2 Mo au plus)',
        form: { files: { image: 'PNG, JPEG ou WebP, 2 Mo au plus' } },
        response: { 200: publicUserSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readFormData(request, AVATAR_FORM);
      return toPublicUser(await saveAvatar(db, storage, user, form.files));
    },
  );

  app.get(
    '/api/files/avatars/:name',
    {
      schema: {
        security: [],
        tags: ['profile'],
        summary: 'Une photo de profil',
        params: z.object({ name: z.string().regex(/^[\w-]+\.(png|jpg|webp)$/) }),
        response: { 200: fileAnswer(Object.values(CONTENT_TYPES), 'L’image') },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const bytes = await storage.get(`avatars/${name}`);
      if (!bytes) throw notFound('Image introuvable');
      return reply
        .type(CONTENT_TYPES[name.split('.').pop()!]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.get(
    '/api/users/:id/profile',
    {
      schema: {
        security: [],
        tags: ['profile'],
        summary: 'Profil public d’un membre',
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => publicProfile(db, request.user ?? null, request.params.id),
  );
}
