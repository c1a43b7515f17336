import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleOf } from '#core/rules/roles.js';
import {
  transactionPageSchema,
  transactionQuerySchema,
  walletBalanceSchema,
  walletChartSchema,
} from '#core/schemas/payments.js';
import type { User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses, forbidden } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { walletBalance, walletChart, type WalletRole } from './balance.js';
import { walletMessages } from './lines.js';
import { listTransactions, transactionsCsv } from './transactions.js';
import { parisDate } from '#core/rules/days.js';
import { textAnswer } from '../../platform/openapi.js';

/** The wallet's holder: a driver or a transporter (an administrator has none). */
function holder(request: FastifyRequest): { user: User; role: WalletRole } {
  const user = requireUser(request);
  const role = roleOf(user);
  if (role === 'admin') throw forbidden(walletMessages.adminRefused);
  return { user, role };
}

const exportQuerySchema = transactionQuerySchema.omit({ page: true, pageSize: true });

/** The wallet: balance, 12-month chart and transactions of the signed-in user (decision 018). */
export async function walletRoutes(root: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.user };

  app.get(
    '/api/wallet/balance',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary: 'Mon portefeuille : reçu ou payé, en attente, en retard, contesté, ce mois-ci, cette année',
        response: { 200: walletBalanceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, role } = holder(request);
      return walletBalance(db, user, role);
    },
  );

  app.get(
    '/api/wallet/chart',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary: 'Mon portefeuille sur 12 mois : dû et réglé, par mois',
        response: { 200: walletChartSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, role } = holder(request);
      return walletChart(db, user, role);
    },
  );

  app.get(
    '/api/transactions',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary:
          'Mes opérations, une ligne par événement dans son état (filtres, pages), les plus récentes d’abord',
        querystring: transactionQuerySchema,
        response: { 200: transactionPageSchema, ...errorResponses },
      },
    },
    async (request) => listTransactions(db, holder(request).user, request.query),
  );

  app.get(
    '/api/transactions/export',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary: 'Exporter mes opérations en CSV (mêmes filtres)',
        querystring: exportQuerySchema,
        response: { 200: textAnswer('text/csv', 'Les transactions (CSV, séparateur point-virgule)') },
      },
    },
    async (request, reply) => {
      const { user, role } = holder(request);
      const csv = await transactionsCsv(db, user, role, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="transactions-relais-${parisDate(new Date())}.csv"`,
        )
        .send(csv);
    },
  );
}
