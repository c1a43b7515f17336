import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Homonyms } from '#core/schemas/places.js';
import { HomonymChoice } from './places.js';

const homonyms: Homonyms = {
  conflict: 'homonyms',
  city: 'Saint-Denis',
  candidates: [
    {
      label: 'Saint-Denis (97400, La Réunion)',
      city: 'Saint-Denis',
      postcode: '97400',
      department: 'La Réunion',
      address: '12 rue de Paris, 97400 Saint-Denis',
    },
    {
      label: 'Saint-Denis (93200, Seine-Saint-Denis)',
      city: 'Saint-Denis',
      postcode: '93200',
      department: 'Seine-Saint-Denis',
      address: '12 rue de Paris, 93200 Saint-Denis',
    },
  ],
};

describe('asking which of several communes of the same name (decision 046)', () => {
  afterEach(cleanup);

  it('offers one named button per commune, in a group that says what it asks', () => {
    const onChoose = vi.fn();
    render(<HomonymChoice homonyms={homonyms} onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'Laquelle des communes « Saint-Denis » ?' });
    expect(group).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Saint-Denis (97400, La Réunion)',
      'Saint-Denis (93200, Seine-Saint-Denis)',
    ]);
    // Inside a form, choosing never submits it.
    expect(buttons.every((button) => button.getAttribute('type') === 'button')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Saint-Denis (93200, Seine-Saint-Denis)' }));
    expect(onChoose).toHaveBeenCalledWith(
      expect.objectContaining({ address: '12 rue de Paris, 93200 Saint-Denis' }),
    );
  });
});
