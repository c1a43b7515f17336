import { useQuery } from '@tanstack/react-query';
import { BookOpen, ChevronDown, SearchX } from 'lucide-react';
import { Fragment, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useContactEmail } from '#web/lib/site-settings.js';
import { useSession } from '#web/lib/session.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { TextField } from '#web/ui/field.js';
import {
  answersLabel,
  frenchSpacing,
  parseInline,
  searchGuide,
  type HelpBlock,
  type HelpGuide,
  type HelpSection,
} from './help-content.js';

const linkClass = 'font-semibold text-accent underline underline-offset-2';

/** A paragraph's text with its links: pages of the app through the router, anchors and mail as plain links. */
function Rich({ source }: { source: string }) {
  return (
    <>
      {parseInline(source).map((part, index) =>
        !('href' in part) ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : part.href.startsWith('/') ? (
          <Link key={index} href={part.href} className={linkClass}>
            {part.text}
          </Link>
        ) : (
          <a key={index} href={part.href} className={linkClass}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

/** Whether this Relais takes payments online (Stripe configured): undefined until the settings are known. */
function useOnlinePaymentKnown(): boolean | undefined {
  const { data } = useQuery<Record<string, string | null>>({ queryKey: ['/api/site-settings'] });
  return data ? data.onlinePayment === 'true' : undefined;
}

function PaymentModeLine() {
  const online = useOnlinePaymentKnown();
  if (online === undefined) return null;
  return (
    <p className="rounded-xl border border-brand-500/40 bg-brand-500/10 px-4 py-3 text-ink">
      {online
        ? 'Sur ce site, le paiement en ligne par carte (Stripe) est activé ; le virement reste possible.'
        : 'Sur ce site, pas de paiement en ligne : le règlement se fait par virement, directement entre le transporteur et le chauffeur. Relais ne touche pas l’argent.'}
    </p>
  );
}

function ContactLine() {
  const email = useContactEmail();
  return (
    <p>
      Écrivez-nous à{' '}
      <a href={`mailto:${email}`} className={linkClass}>
        {email}
      </a>
      . Pour un problème dans l’application, passez plutôt par{' '}
      <Link href="/report-bug" className={linkClass}>
        Signaler un bug
      </Link>
      {'\u00a0: vous suivez la réponse au même endroit.'}
    </p>
  );
}

function Block({ block }: { block: HelpBlock }) {
  if (typeof block === 'string')
    return (
      <p>
        <Rich source={block} />
      </p>
    );
  if ('steps' in block)
    return (
      <ol className="list-decimal space-y-1.5 pl-6 marker:font-semibold marker:text-accent">
        {block.steps.map((step) => (
          <li key={step} className="pl-1">
            <Rich source={step} />
          </li>
        ))}
      </ol>
    );
  if ('list' in block)
    return (
      <ul className="list-disc space-y-1.5 pl-6">
        {block.list.map((item) => {
          // "Quoi : …", "Fiable : …": the short label before the colon stands out, for a reader who skims.
          const label = /^([^:[\]]{1,40}) : /.exec(item);
          return (
            <li key={item} className="pl-1">
              {label ? (
                <>
                  <strong className="font-semibold">{frenchSpacing(`${label[1]} :`)}</strong>{' '}
                  <Rich source={item.slice(label[0].length)} />
                </>
              ) : (
                <Rich source={item} />
              )}
            </li>
          );
        })}
      </ul>
    );
  return block.live === 'paymentMode' ? <PaymentModeLine /> : <ContactLine />;
}

function TableOfContents({ sections, onPick }: { sections: HelpSection[]; onPick?: () => void }) {
  return (
    <nav aria-label="Sommaire">
      <ol className="space-y-1">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              onClick={onPick}
              className="block rounded-lg px-3 py-2 text-ink-muted hover:bg-surface-sunken hover:text-ink"
            >
              {frenchSpacing(section.title)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** On a phone, the table of contents folds under one line above the answers. */
function PhoneContents({ sections }: { sections: HelpSection[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-2xl border border-line bg-surface-raised lg:hidden"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-4 font-semibold [&::-webkit-details-marker]:hidden">
        <span>
          Sommaire · {sections.length} rubrique{sections.length > 1 ? 's' : ''}
        </span>
        <ChevronDown className="h-5 w-5 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="border-t border-line p-2">
        <TableOfContents sections={sections} onPick={() => setOpen(false)} />
      </div>
    </details>
  );
}

function Section({ section }: { section: HelpSection }) {
  return (
    <section
      id={section.id}
      aria-labelledby={`${section.id}-titre`}
      className="scroll-mt-20 rounded-2xl border border-line bg-surface-raised p-5 sm:p-6"
    >
      <h2 id={`${section.id}-titre`} className="text-xl font-bold">
        {frenchSpacing(section.title)}
      </h2>
      <div className="mt-2 divide-y divide-line">
        {section.questions.map((question) => (
          <article
            key={question.id}
            id={question.id}
            aria-labelledby={`${question.id}-titre`}
            className="scroll-mt-20 py-4 last:pb-0"
          >
            <h3 id={`${question.id}-titre`} className="text-lg font-semibold">
              {frenchSpacing(question.question)}
            </h3>
            <div className="mt-2 space-y-3 leading-relaxed [&_p]:max-w-prose">
              {question.body.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

function NoAnswer({ query }: { query: string }) {
  const email = useContactEmail();
  return (
    <EmptyState
      icon={SearchX}
      title={`Aucune réponse pour «\u00a0${query.trim()}\u00a0»`}
      action={
        <Link href="/report-bug" className="font-semibold text-accent underline underline-offset-2">
          Signaler un problème
        </Link>
      }
    >
      <p>
        Essayez un autre mot (« paiement », « documents », « position »…), ou posez-nous la question :{' '}
        <a href={`mailto:${email}`} className={linkClass}>
          {email}
        </a>
        .
      </p>
    </EmptyState>
  );
}

const ROLE_NAMES = { driver: 'chauffeurs', transporter: 'transporteurs' } as const;
const GUIDE_PATHS = { driver: '/documentation', transporter: '/transporter-documentation' } as const;

/**
 * A help page: its search (accents aside, the count said to screen readers), its table of contents (a column on
 * a desktop, folded on a phone) and its answers, each section and question reachable by its #anchor.
 */
export function HelpPage({ guide }: { guide: HelpGuide }) {
  const { user } = useSession();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const { sections, count } = searchGuide(guide, deferred);
  const searching = deferred.trim().length > 0;

  // A link such as /documentation#documents opens at its section (the page arrives after the router's scroll).
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView();
  }, []);

  const otherRole = user && user.role !== guide.role && user.role !== 'admin' ? user.role : null;
  let results: ReactNode;
  if (sections.length === 0) results = <NoAnswer query={deferred} />;
  else results = sections.map((section) => <Section key={section.id} section={section} />);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={guide.title} description={guide.intro} />
      {otherRole && (
        <p className="mb-5 rounded-xl border border-line bg-surface-sunken px-4 py-3">
          Cette page s’adresse aux {ROLE_NAMES[guide.role]}. Celle des {ROLE_NAMES[otherRole]} :{' '}
          <Link href={GUIDE_PATHS[otherRole]} className={linkClass}>
            {otherRole === 'driver' ? 'Documentation chauffeur' : 'Documentation transporteur'}
          </Link>
          .
        </p>
      )}
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <aside className="hidden lg:block">
          <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto">
            <p className="mb-2 flex items-center gap-2 px-3 text-sm font-bold uppercase tracking-wider text-ink-muted">
              <BookOpen className="h-4 w-4" aria-hidden="true" /> Sommaire
            </p>
            <TableOfContents sections={sections} />
          </div>
        </aside>
        <div className="min-w-0 space-y-5">
          <div role="search" className="rounded-2xl border border-line bg-surface-raised p-4">
            <TextField
              label="Rechercher dans l’aide"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={'Ex.\u00a0: documents, paiement'}
              autoComplete="off"
              enterKeyHint="search"
            />
            <p
              className={searching ? 'mt-2 text-sm text-ink-muted' : undefined}
              role="status"
              aria-live="polite"
            >
              {searching ? `${answersLabel(count)} pour «\u00a0${deferred.trim()}\u00a0»` : ''}
            </p>
          </div>
          {sections.length > 0 && <PhoneContents sections={sections} />}
          {results}
        </div>
      </div>
    </div>
  );
}
