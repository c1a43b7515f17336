import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { MissionReviewState, Review } from '#core/schemas/reviews.js';
import { MissionReviewPage } from './review-page.js';
import { reviewKey } from './review-form.js';

const ID = '00000000-0000-4000-8000-00000000000b';
const person = { id: 'c1', fullName: 'Claire Martin', avatar: null, companyName: 'Transports Lemaire' };
const review = (rating: number): Review => ({
  id: `r${rating}`,
  rating,
  professionalismScore: 4,
  communicationScore: 4,
  drivingSkillScore: null,
  safetyScore: 4,
  comment: null,
  photos: [],
  createdAt: '2030-03-02T10:00:00.000Z',
  publishedAt: '2030-03-03T10:00:00.000Z',
  reviewer: { ...person, id: 'd1', fullName: 'Paul Routier', companyName: null, role: 'driver' },
});
const base: MissionReviewState = {
  missionId: ID,
  title: 'Rungis → Lille',
  status: 'completed',
  viewerRole: 'driver',
  reviewee: { ...person, role: 'transporter' },
  subScores: ['professionalismScore', 'communicationScore', 'safetyScore'],
  completedAt: '2030-03-01T10:00:00.000Z',
  closesAt: '2030-03-15T10:00:00.000Z',
  windowOpen: false,
  canWrite: false,
  blockedReason: null,
  mine: null,
  mineRemoved: false,
  otherWritten: false,
  theirs: null,
};

function show(state: MissionReviewState) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(reviewKey(ID), state);
  const { hook } = memoryLocation({ path: `/mission/${ID}/review` });
  render(
    <QueryClientProvider client={client}>
      <Router hook={hook}>
        <Route path="/mission/:id/review" component={MissionReviewPage} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('the review page says where the viewer stands', () => {
  afterEach(cleanup);

  it('before completion: not yet, rather than "closed"', () => {
    show({
      ...base,
      status: 'in_progress',
      completedAt: null,
      closesAt: null,
      blockedReason: 'Vous pourrez donner votre avis quand la mission sera terminée.',
    });
    expect(screen.getByText('Pas encore d’avis possible')).toBeTruthy();
    expect(screen.queryByText('Avis fermés')).toBeNull();
  });

  it('a cancelled mission: no review for it', () => {
    show({
      ...base,
      status: 'cancelled',
      completedAt: null,
      closesAt: null,
      blockedReason: 'Cette mission a été annulée : il n’y a pas d’avis à donner.',
    });
    expect(screen.getByText('Pas d’avis pour cette mission')).toBeTruthy();
  });

  it('the other party wrote but their review was removed: never "did not review within 14 days"', () => {
    show({ ...base, mine: review(4), otherWritten: true });
    expect(screen.queryByText(/n’a pas donné d’avis dans les 14 jours/)).toBeNull();
    expect(screen.getByText(/Votre avis est visible sur le profil de Transports Lemaire/)).toBeTruthy();
  });

  it('the viewer’s own review removed after a report: told so, not "visible on your profiles"', () => {
    show({ ...base, mine: review(2), mineRemoved: true, otherWritten: true, theirs: review(5) });
    expect(screen.getByText('Avis retiré')).toBeTruthy();
    expect(screen.queryByText(/Vos deux avis sont visibles/)).toBeNull();
  });
});
