import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../../server/platform/answer-cache.ts';

const answer = (body: string) => ({ body, encoded: {} });

const listening = (options: ConstructorParameters<typeof AnswerCache>[0]) => {
  const cache = new AnswerCache(options);
  cache.setListening(true);
  return cache;
};

describe('AnswerCache', () => {
  it('keeps nothing while notifications are not known to arrive, and forgets everything when they stop', () => {
    const cache = new AnswerCache({ maxBytes: 1000 });
    expect(cache.bucket('asha')).toBeUndefined();
    cache.setListening(true);
    cache.bucket('asha')!.set('list', answer('[1]'));
    expect(cache.bucket('asha')!.get('list')?.body).toBe('[1]');
    cache.setListening(false);
    expect(cache.bucket('asha')).toBeUndefined();
    cache.setListening(true);
    expect(cache.bucket('asha')!.get('list')?.body).toBeUndefined();
  });

  it("drops a user's answers when that user's data changes, and everyone's for '*'", () => {
    const cache = listening({ maxBytes: 1000 });
    cache.bucket('asha')!.set('list', answer('a'));
    cache.bucket('ravi')!.set('list', answer('r'));
    cache.changed('asha');
    expect(cache.bucket('asha')!.get('list')?.body).toBeUndefined();
    expect(cache.bucket('ravi')!.get('list')?.body).toBe('r');
    cache.changed('*');
    expect(cache.bucket('ravi')!.get('list')?.body).toBeUndefined();
    expect(cache.size).toEqual({ users: 1, bytes: 0 });
  });

  it('refuses an answer read before a change that arrived while it was being read', () => {
    const cache = listening({ maxBytes: 1000 });
    const before = cache.bucket('asha')!;
    cache.changed('asha');
    before.set('list', answer('stale'));
    expect(cache.bucket('asha')!.get('list')?.body).toBeUndefined();
    expect(cache.size.bytes).toBe(0);
  });

  it('keeps within its budget by dropping the users read least recently', () => {
    const cache = listening({ maxBytes: 30 });
    cache.bucket('asha')!.set('a', answer('x'.repeat(10)));
    cache.bucket('ravi')!.set('a', answer('x'.repeat(10)));
    cache.bucket('asha'); // read: now the most recent
    cache.bucket('mei')!.set('a', answer('x'.repeat(15)));
    expect(cache.bucket('ravi')!.get('a')?.body).toBeUndefined();
    expect(cache.bucket('asha')!.get('a')?.body).toHaveLength(10);
    expect(cache.size.bytes).toBeLessThanOrEqual(30);
    expect(cache.maxAnswerBytes).toBe(1);
  });

  it('keeps buckets for a bounded number of users', () => {
    const cache = listening({ maxBytes: 1000, maxUsers: 2 });
    for (const user of ['asha', 'ravi', 'mei']) cache.bucket(user)!.set('list', answer(user));
    expect(cache.size.users).toBe(2);
    expect(cache.bucket('asha')!.get('list')?.body).toBeUndefined();
    expect(cache.bucket('mei')!.get('list')?.body).toBe('mei');
  });

  it('keeps a bounded number of answers per user, the oldest going first, and counts a replaced answer once', () => {
    const cache = listening({ maxBytes: 1000, maxAnswersPerUser: 2 });
    const bucket = cache.bucket('asha')!;
    bucket.set('page 1', answer('aaaa'));
    bucket.set('page 2', answer('bb'));
    bucket.set('page 2', answer('bbb'));
    bucket.set('page 3', answer('c'));
    expect([bucket.get('page 1')?.body, bucket.get('page 2')?.body, bucket.get('page 3')?.body]).toEqual([undefined, 'bbb', 'c']);
    expect(cache.size.bytes).toBe(4);
  });
});
