import { describe, expect, it } from 'vitest';
import { nextStackDepth, readStackDepth, recordNavigation, startStack } from './page-stack';

describe('page stack depth', () => {
  it('goes one deeper and forward on a push', () => {
    expect(nextStackDepth(0, 'PUSH')).toEqual({ depth: 1, direction: 'forward' });
    expect(nextStackDepth(3, 'PUSH')).toEqual({ depth: 4, direction: 'forward' });
  });

  it('goes one up and back on a pop, never below zero', () => {
    expect(nextStackDepth(2, 'POP')).toEqual({ depth: 1, direction: 'back' });
    expect(nextStackDepth(0, 'POP')).toEqual({ depth: 0, direction: 'back' });
  });

  it('keeps the depth and does not animate on a replace', () => {
    expect(nextStackDepth(2, 'REPLACE')).toEqual({ depth: 2, direction: 'none' });
  });

  it('tells the forward button from the back button by the history index', () => {
    expect(nextStackDepth(1, 'POP', 2)).toEqual({ depth: 2, direction: 'forward' });
    expect(nextStackDepth(3, 'POP', 1)).toEqual({ depth: 1, direction: 'back' });
  });

  it('keeps the counter in sessionStorage', () => {
    startStack(0);
    expect(recordNavigation('PUSH', undefined)).toBe('forward');
    expect(recordNavigation('PUSH', undefined)).toBe('forward');
    expect(readStackDepth()).toBe(2);
    expect(sessionStorage.getItem('app.nav.depth')).toBe('2');
    expect(recordNavigation('REPLACE', undefined)).toBe('none');
    expect(recordNavigation('POP', undefined)).toBe('back');
    expect(readStackDepth()).toBe(1);
  });

  it('survives a reload: the first page adopts the stored depth', () => {
    sessionStorage.setItem('app.nav.depth', '3');
    expect(startStack(undefined)).toBe(3);
    expect(recordNavigation('POP', undefined)).toBe('back');
    expect(readStackDepth()).toBe(2);
  });
});
