import { PageHeader } from '#web/ui/empty-state.js';

export function WalletPage() {
  return <PageHeader title="Portefeuille" />;
}
