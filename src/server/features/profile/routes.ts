import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema, publicProfileSchema } from '#core/schemas/profile.js';
import { publicUserSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, notFound, errorResponses } from '../../platform/errors.js';
import { toPublicUser } from '../../platform/public-user.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { AVATAR_MAX_BYTES, publicProfile, saveAvatar, updateProfile } from './service.js';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
export async function profileRoutes(root: FastifyInstance, { db, storage }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Avatars arrive as the image itself (no multipart): the browser sends the file as the request body.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

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
      bodyLimit: AVATAR_MAX_BYTES,
      schema: {
        tags: ['profile'],
        summary: 'Changer ma photo (corps : l’image PNG, JPEG ou WebP, 2 Mo au plus)',
        response: { 200: publicUserSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'Choisissez une image PNG, JPEG ou WebP');
      return toPublicUser(
        await saveAvatar(db, storage, user, request.headers['content-type'] ?? '', request.body),
      );
    },
  );

  app.get(
    '/api/files/avatars/:name',
    { schema: { hide: true, params: z.object({ name: z.string().regex(/^[\w-]+\.(png|jpg|webp)$/) }) } },
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
        tags: ['profile'],
        summary: 'Profil public d’un membre',
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => publicProfile(db, request.user ?? null, request.params.id),
  );
}
