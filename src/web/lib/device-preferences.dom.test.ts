import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationAppPreference, screenAwakePreference } from './device-preferences.js';

describe('device preferences', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the navigation app on this device, nothing until chosen', () => {
    expect(navigationAppPreference.read()).toBeNull();
    navigationAppPreference.write('waze');
    expect(localStorage.getItem('navigation-app')).toBe('waze');
    expect(navigationAppPreference.read()).toBe('waze');
    navigationAppPreference.write(null);
    expect(localStorage.getItem('navigation-app')).toBeNull();
  });

  it('reads an unknown stored app as no choice', () => {
    localStorage.setItem('navigation-app', 'mappy');
    expect(navigationAppPreference.read()).toBeNull();
  });

  it('keeps the screen on by default and stores only the driver’s "off"', () => {
    expect(screenAwakePreference.read()).toBe(true);
    screenAwakePreference.write(false);
    expect(localStorage.getItem('screen-awake')).toBe('off');
    expect(screenAwakePreference.read()).toBe(false);
    screenAwakePreference.write(true);
    expect(localStorage.getItem('screen-awake')).toBeNull();
    expect(screenAwakePreference.read()).toBe(true);
    // The prerendered page shows the default.
    expect(screenAwakePreference.initial).toBe(true);
    expect(navigationAppPreference.initial).toBeNull();
  });

  it('tells its readers of a change here and in another tab, until they leave', () => {
    const listener = vi.fn();
    const unsubscribe = navigationAppPreference.subscribe(listener);
    navigationAppPreference.write('google');
    expect(listener).toHaveBeenCalledTimes(1);
    // Another tab of the app writes the same key: this one hears of it.
    localStorage.setItem('navigation-app', 'geo');
    window.dispatchEvent(new StorageEvent('storage', { key: 'navigation-app' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(navigationAppPreference.read()).toBe('geo');
    // Another key is none of its business.
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    navigationAppPreference.write('waze');
    window.dispatchEvent(new StorageEvent('storage', { key: 'navigation-app' }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('survives a browser that refuses storage (the choice lasts for the page)', () => {
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    try {
      expect(() => screenAwakePreference.write(false)).not.toThrow();
      expect(localStorage.getItem('screen-awake')).toBeNull();
      expect(screenAwakePreference.read()).toBe(false);
    } finally {
      refuse.mockRestore();
    }
    // Once the browser stores again, storage is the truth.
    screenAwakePreference.write(true);
    expect(screenAwakePreference.read()).toBe(true);
    localStorage.setItem('screen-awake', 'off');
    expect(screenAwakePreference.read()).toBe(false);
  });
});
