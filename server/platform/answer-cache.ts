import type { Database, Listening } from '../db/client.ts';

/** The channel the change-feed triggers (migration 0006) notify: a user id, or '*' for a change that may concern anyone. */
export const changesChannel = 'sunplot_changes';

/** An answer's JSON text, and the compressed forms of it sent so far. */
export interface CachedAnswer {
  body: string;
  encoded: { br?: Buffer; gzip?: Buffer };
}

const sizeOf = (answer: CachedAnswer | undefined) => (answer ? answer.body.length + (answer.encoded.br?.length ?? 0) + (answer.encoded.gzip?.length ?? 0) : 0);

// What a remembered login is counted as against the budget: the user's row and the map's own cost, roughly.
const loginBytes = 1024;

/**
 * One user's cached answers, and the logins of theirs found active. Once the user's data changes the bucket is dropped,
 * and a dropped bucket takes no more. `User` is the row a remembered login gives back (the auth domain's user).
 */
export class AnswerBucket<User extends object = object> {
  private readonly answers = new Map<string, CachedAnswer>();
  private readonly logins = new Map<string, User>();
  private bytes = 0;
  dropped = false;

  constructor(private readonly cache: { grew(bytes: number): void; maxAnswersPerUser: number }) {}

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  /** The user, when a query found this login (refresh-token family) active since the user's data last changed. */
  login(familyId: string): User | undefined {
    return this.logins.get(familyId);
  }

  /**
   * Remembers a login a query found active, with the user's row (frozen: it is shared by the requests that follow). An
   * access token never outlives its family, so the token's own expiry covers the family's; revoking it is a change.
   */
  keepLogin(familyId: string, user: User) {
    if (this.dropped || this.logins.has(familyId) || this.logins.size >= this.cache.maxAnswersPerUser) return;
    this.logins.set(familyId, Object.freeze({ ...user }));
    this.bytes += loginBytes;
    this.cache.grew(loginBytes);
  }

  /** Keeps `answer` unless the bucket was dropped meanwhile (then the answer may already be out of date). */
  set(key: string, answer: CachedAnswer) {
    if (this.dropped) return;
    const replaced = this.answers.get(key);
    if (replaced !== undefined) this.answers.delete(key);
    else if (this.answers.size >= this.cache.maxAnswersPerUser) this.evict(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    const grown = sizeOf(answer) - sizeOf(replaced);
    this.bytes += grown;
    this.cache.grew(grown);
  }

  private evict(key: string) {
    const size = sizeOf(this.answers.get(key));
    this.answers.delete(key);
    this.bytes -= size;
    this.cache.grew(-size);
  }

  /** Marks the bucket dropped and gives back the bytes it held. */
  drop(): number {
    this.dropped = true;
    this.answers.clear();
    this.logins.clear();
    const freed = this.bytes;
    this.bytes = 0;
    return freed;
  }
}

export interface AnswerCacheOptions {
  /** Budget for the answers' text (counted in UTF-16 code units) and compressed bytes; the least recently used users' answers go first. */
  maxBytes: number;
  maxAnswersPerUser?: number;
  /** Users with a bucket at once (an empty bucket costs no bytes, so the byte budget alone would not bound them). */
  maxUsers?: number;
}

/**
 * Answers of authenticated GETs, and logins found active, kept in memory per user, and dropped as soon as the database
 * says that user's data changed: triggers on every table a cached answer reads NOTIFY the user's id at commit (migration 0006), reaching every
 * server on the database. The cache is on only while notifications are known to arrive (`listening`); losing them
 * empties it until they do again.
 *
 * An answer is kept only into the bucket that was current when its request began (`bucket()`), so a read that raced a
 * write can never store what it read after the write's notification dropped the bucket.
 */
export class AnswerCache<User extends object = object> {
  private readonly buckets = new Map<string, AnswerBucket<User>>();
  private bytes = 0;
  private listening = false;
  readonly maxAnswersPerUser: number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.maxAnswersPerUser = options.maxAnswersPerUser ?? 32;
  }

  /** The user's bucket, made most recently used; undefined while the cache is off. */
  bucket(userId: string): AnswerBucket<User> | undefined {
    if (!this.listening) return undefined;
    let bucket = this.buckets.get(userId);
    if (bucket) this.buckets.delete(userId);
    else {
      if (this.buckets.size >= (this.options.maxUsers ?? 10_000)) this.drop(this.buckets.keys().next().value!);
      bucket = new AnswerBucket<User>({ grew: (bytes) => this.grew(bytes), maxAnswersPerUser: this.maxAnswersPerUser });
    }
    this.buckets.set(userId, bucket);
    return bucket;
  }

  /** A change in the database: a user id drops that user's answers, '*' everyone's. */
  changed(payload: string) {
    if (payload === '*') this.clear();
    else this.drop(payload);
  }

  /** Notifications flow (true) or may be missed (false): either way what the cache held may be out of date. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.clear();
  }

  /** Whether answers are kept and served: only while notifications are known to arrive. */
  get on() {
    return this.listening;
  }

  get size() {
    return { users: this.buckets.size, bytes: this.bytes };
  }

  /** Answers larger than this are not kept: a few of them would push out everyone else's. */
  get maxAnswerBytes() {
    return Math.floor(this.options.maxBytes / 16);
  }

  private grew(bytes: number) {
    this.bytes += bytes;
    while (this.bytes > this.options.maxBytes && this.buckets.size > 0) this.drop(this.buckets.keys().next().value!);
  }

  private drop(userId: string) {
    const bucket = this.buckets.get(userId);
    if (!bucket) return;
    this.buckets.delete(userId);
    this.bytes -= bucket.drop();
  }

  private clear() {
    for (const bucket of this.buckets.values()) bucket.drop();
    this.buckets.clear();
    this.bytes = 0;
  }
}

/** A cache fed by the database's change notifications; `settle()` waits until changes committed so far have reached it. */
export async function connectAnswerCache<User extends object>(database: Database, options: AnswerCacheOptions): Promise<{ cache: AnswerCache<User>; listening: Listening }> {
  const cache = new AnswerCache<User>(options);
  const listening = await database.listen(changesChannel, {
    onNotify: (payload) => cache.changed(payload),
    onListening: (on) => cache.setListening(on),
  });
  return { cache, listening };
}
