import type { Language, Province } from './field-rules';

/**
 * Where the identity service keeps accounts, one-time codes, flows, customer sessions and
 * abuse counters: one store per concern, joined here. Codes, flow ids and session ids arrive
 * already hashed; passwords as argon2id hashes. Every time is given by the caller, so the
 * store never reads a clock.
 */
export interface IdentityStore
  extends AccountStore,
    CodeStore,
    FlowStore,
    SessionStore,
    AbuseStore {
  /** Drops expired flows, codes, sessions, counters and locks. */
  pruneExpired(now: Date): Promise<void>;
}

/** Accounts and their credentials. */
export interface AccountStore {
  /** 'exists' when the email is taken: nothing is written then. */
  createAccount(account: NewAccountRecord): Promise<'created' | 'exists'>;
  findAccountByEmail(email: string): Promise<AccountRecord | undefined>;
  findAccountById(id: string): Promise<AccountRecord | undefined>;
  markAccountVerified(id: string, at: Date): Promise<void>;
  updateAccountProfile(
    id: string,
    profile: UpdatableProfile,
    at: Date,
  ): Promise<AccountRecord | undefined>;
  /** Sets the password and ends every session of the account, in one transaction. */
  replacePassword(id: string, passwordHash: string, at: Date): Promise<{ endedSessions: number }>;
}

/** One-time codes. */
export interface CodeStore {
  /** Replaces any earlier code of the same purpose and subject: one live code each. */
  saveCode(code: NewCodeRecord): Promise<void>;
  findCode(purpose: CodePurpose, subject: string): Promise<CodeRecord | undefined>;
  /**
   * Spends one attempt of the live code, atomically: 'accepted' uses it up; 'used' is the
   * same right code again after it was accepted; 'expired' a code past its time; 'unavailable'
   * no code, or one out of attempts (or used, when tried with another code). Only 'accepted'
   * and 'wrong' spend anything.
   */
  tryCode(attempt: CodeAttempt): Promise<CodeTry>;
}

/** Sign-in and recovery flows. */
export interface FlowStore {
  createFlow(flow: FlowRecord): Promise<void>;
  findFlow(idHash: string): Promise<FlowRecord | undefined>;
  /** Moves a flow on only from the given status; false when it was elsewhere (or gone). */
  advanceFlow(
    idHash: string,
    from: StoredFlowStatus,
    to: { readonly status: StoredFlowStatus; readonly accountId?: string },
  ): Promise<boolean>;
  /** Deletes and returns a live flow in that status: a flow is spent once. */
  takeFlow(idHash: string, status: StoredFlowStatus, now: Date): Promise<FlowRecord | undefined>;
}

/** Customer sessions. */
export interface SessionStore {
  createSession(session: SessionRecord): Promise<void>;
  /** The session and its account (undefined when the account is gone), in one read. */
  findSessionWithAccount(
    idHash: string,
  ): Promise<{ session: SessionRecord; account: AccountRecord | undefined } | undefined>;
  touchSession(idHash: string, activity: SessionActivity): Promise<boolean>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(customerId: string): Promise<number>;
}

/** Rate-limit counters and lockouts. */
export interface AbuseStore {
  /** Counts one hit in a fixed window and returns the count so far in it. */
  countHit(key: string, window: CounterWindow): Promise<number>;
  clearCounter(key: string): Promise<void>;
  /** Extends, never shortens, a lock. */
  lock(subject: string, until: Date): Promise<void>;
  lockedUntil(subject: string, now: Date): Promise<Date | undefined>;
  unlock(subject: string): Promise<void>;
}

export interface UpdatableProfile {
  readonly dateOfBirth: string;
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly city: string;
  readonly province: Province;
  readonly postalCode: string;
  readonly country: string;
  readonly phone: string;
  readonly language: Language;
}

export interface NewAccountRecord extends UpdatableProfile {
  readonly id: string;
  /** Lower-cased. */
  readonly email: string;
  readonly passwordHash: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly financialInstitution: string;
  readonly createdAt: Date;
}

export interface AccountRecord extends NewAccountRecord {
  readonly verifiedAt: Date | null;
  readonly updatedAt: Date;
  readonly passwordChangedAt: Date;
}

export type CodePurpose = 'verification' | 'sign-in' | 'recovery';

interface NewCodeRecord {
  readonly purpose: CodePurpose;
  /** Whose code: an account id, a flow id hash or an email hash, by purpose. */
  readonly subject: string;
  readonly codeHash: string;
  readonly sentAt: Date;
  readonly expiresAt: Date;
}

export interface CodeRecord extends NewCodeRecord {
  readonly attempts: number;
  readonly usedAt: Date | null;
}

export type CodeTry = 'accepted' | 'wrong' | 'used' | 'expired' | 'unavailable';

interface CodeAttempt {
  readonly purpose: CodePurpose;
  readonly subject: string;
  readonly codeHash: string;
  readonly now: Date;
  readonly maxAttempts: number;
}

export type FlowKind = 'sign-in' | 'recovery';

type StoredFlowStatus =
  | 'USERNAME_PASSWORD_REQUIRED'
  | 'OTP_REQUIRED'
  | 'VERIFICATION_CODE_REQUIRED'
  | 'COMPLETED'
  | 'RECOVERY_CODE_REQUIRED';

export interface FlowRecord {
  readonly idHash: string;
  readonly kind: FlowKind;
  readonly status: StoredFlowStatus;
  /** Known once a password was right (sign-in), or when the email has an account (recovery). */
  readonly accountId: string | null;
  /** Recovery only: the email asked for, lower-cased, account or not. */
  readonly email: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

interface SessionActivity {
  readonly lastActivityAt: Date;
  readonly idleExpiresAt: Date;
}

export interface SessionRecord extends SessionActivity {
  readonly idHash: string;
  readonly customerId: string;
  readonly createdAt: Date;
  /** The absolute end, whatever the activity. */
  readonly expiresAt: Date;
}

export interface CounterWindow {
  readonly start: Date;
  readonly end: Date;
}
