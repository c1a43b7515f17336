import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.js';

describe('message text', () => {
  it('shows web addresses as links and never renders HTML', () => {
    const { container } = render(
      <p>{linkify('Voir https://exemple.fr/plan, puis <b>gras</b> <img src=x onerror=alert(1)>')}</p>,
    );
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://exemple.fr/plan');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<b>gras</b>');
  });
});
