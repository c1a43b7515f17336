import { ShieldCheck } from 'lucide-react';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';

export function AdminHomePage() {
  return (
    <>
      <PageHeader
        title="Administration"
        description="Validation des chauffeurs et des documents, signalements."
      />
      <EmptyState icon={ShieldCheck} title="Rien à valider">
        <p>
          Les chauffeurs et documents en attente de validation, ainsi que les signalements, apparaissent ici.
        </p>
      </EmptyState>
    </>
  );
}
