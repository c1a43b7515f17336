import { afterEach, vi } from 'vitest';

// A console.error during a test is a failure (docs/architecture.md, "Tests").
const calls: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args);
});
afterEach(() => {
  if (calls.length > 0) {
    const printed = calls.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called:\n${printed.join('\n')}`);
  }
});
