import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@contracts/event-store';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import { createPostgresIdentityStore } from '@infra/identity/postgres-identity-store';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { mapClaimEvent, type RelayClaimState } from '../map-claim-event';
import { claimLife, recordedLife } from '../testing/claim-life';
import { STATUS_LABELS } from './notification-mails';
import { type NotifyOptions, notifyClaimant, postgresClaimantDirectory } from './notify-claimant';

const PORTAL = 'https://claims.example.test';

function integrationEventsOf(stored: readonly RecordedEvent[]): IntegrationEvent[] {
  let state: RelayClaimState | undefined;
  return stored.flatMap((event) => {
    const mapped = mapClaimEvent(event, state);
    state = mapped.state;
    return mapped.integrationEvents;
  });
}

describe('claimant notifications (real Postgres, mail through SMTP to a capture server)', () => {
  let database: TestDatabase;
  let capture: SmtpCapture;
  let options: NotifyOptions;
  beforeAll(async () => {
    database = await createTestDatabase();
    capture = await startSmtpCapture();
    options = {
      pool: database.pool,
      mailer: createSmtpMailer({ url: capture.url, from: 'claims@claims-portal.test' }),
      directory: postgresClaimantDirectory(database.pool),
      portalUrl: PORTAL,
    };
  });
  afterAll(async () => {
    await options?.mailer.close();
    await capture?.stop();
    await database?.drop();
  });

  /** A registered claimant in that language and a claim's whole life for them, as published. */
  async function claimantLife(lang: 'en' | 'fr' | 'cn') {
    const customerId = randomUUID();
    const email = `claimant-${customerId}@example.test`;
    const now = new Date();
    await createPostgresIdentityStore(database.pool).createAccount({
      id: customerId,
      email,
      passwordHash: 'not-used',
      firstName: 'hélène',
      lastName: 'côté',
      dateOfBirth: '1980-04-02',
      financialInstitution: 'Banque',
      addressLine1: '1 rue Principale',
      addressLine2: '',
      city: 'Québec',
      province: 'QC',
      postalCode: 'G1A 1A1',
      country: 'Canada',
      phone: '4185550100',
      language: lang,
      createdAt: now,
    });
    const life = claimLife(42, {
      customerId,
      email,
      firstName: 'hélène',
      lastName: 'côté',
      dateOfBirth: '1980-04-02',
    });
    return { email, life, events: integrationEventsOf(recordedLife(life)) };
  }

  async function deliver(
    events: readonly IntegrationEvent[],
    email: string,
  ): Promise<ParsedMail[]> {
    const outcomes = [];
    for (const event of events) outcomes.push(await notifyClaimant(options, event));
    expect(outcomes).toEqual([
      'mailed', // submitted
      'not-mailed', // number assigned
      'mailed', // Pending, documents needed
      'mailed', // documents added
      'mailed', // decision letter
      'mailed', // Approved
      'not-mailed', // letter read
    ]);
    const mails: ParsedMail[] = [];
    for (let i = 0; i < 5; i++) mails.push(await capture.waitFor(email));
    return mails;
  }

  const expectBothParts = (mail: ParsedMail, ...phrases: string[]) => {
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html || '').toContain(phrase);
    }
    expect(mail.html).toMatch(/^<!doctype html>/);
  };

  describe('in English', () => {
    let mails: ParsedMail[];
    let life: Awaited<ReturnType<typeof claimantLife>>['life'];
    beforeAll(async () => {
      const made = await claimantLife('en');
      life = made.life;
      mails = await deliver(made.events, made.email);
    });

    it('claim received: the confirmation number in subject and body', () => {
      const [mail] = mails;
      expect(mail?.subject).toBe(`We received your claim ${life.confirmationNumber}`);
      expect(mail?.headers.get('content-language')).toBe('en');
      expectBothParts(
        mail!,
        'Hello Hélène,',
        `Your confirmation number: ${life.confirmationNumber}`,
        '1 document was attached.',
        `${PORTAL}/en/`,
      );
    });

    it('status changed to Pending: lists the documents staff asked for, not the other reasons', () => {
      const mail = mails[1]!;
      expect(mail.subject).toBe(`Your claim no. ${life.claimNumber} is now Pending`);
      expectBothParts(
        mail,
        'changed from “Submitted” to “Pending”',
        'we need these documents',
        'Record of Employment needed',
        'Bank statement needed',
      );
      expect(mail.text).toContain('- Record of Employment needed\n- Bank statement needed');
      expect(mail.text).not.toContain('Medical');
    });

    it('documents received: lists the files', () => {
      const mail = mails[2]!;
      expect(mail.subject).toBe(`Documents received for your claim no. ${life.claimNumber}`);
      expectBothParts(
        mail,
        'We received these documents',
        'record-of-employment.pdf',
        'bank-statement.pdf',
      );
    });

    it('decision letter available: says where to read it, attaches nothing', () => {
      const mail = mails[3]!;
      expect(mail.subject).toBe(
        `A decision letter is available for your claim no. ${life.claimNumber}`,
      );
      expectBothParts(
        mail,
        'A decision letter about your claim',
        'not attached to this email',
        'To read it:',
      );
      expect(mail.attachments).toEqual([]);
    });

    it('status changed to Approved: no documents listed', () => {
      const mail = mails[4]!;
      expect(mail.subject).toBe(`Your claim no. ${life.claimNumber} is now Approved`);
      expectBothParts(mail, 'changed from “Pending” to “Approved”');
      expect(mail.text).not.toContain('documents from you');
    });

    it('says nothing the claimant did not already know: no amount, date of birth or description', () => {
      const all = mails.map((m) => `${m.subject}\n${m.text}\n${m.html}`).join('\n');
      expect(all).not.toContain('1234');
      expect(all).not.toContain('1980');
      expect(all).not.toContain('plant closed');
      expect(all).not.toContain('claims/');
    });
  });

  describe('in Chinese (jupiter)', () => {
    let mails: ParsedMail[];
    let life: Awaited<ReturnType<typeof claimantLife>>['life'];
    beforeAll(async () => {
      const made = await claimantLife('cn');
      life = made.life;
      mails = await deliver(made.events, made.email);
    });

    it('每封邮件都是中文：主题、问候和门户链接', () => {
      expect(mails.length).toBeGreaterThanOrEqual(2);
      const [received] = mails;
      expect(received?.subject).toBe(`我们已收到您的理赔 ${life.confirmationNumber}`);
      expect(received?.headers.get('content-language')).toBe('cn');
      expectBothParts(
        received!,
        'Hélène，您好：',
        `您的确认编号：${life.confirmationNumber}`,
        `${PORTAL}/cn/`,
      );
      for (const mail of mails) expect(mail.subject).toMatch(/\p{Script=Han}/u);
    });
  });

  describe('in French', () => {
    let mails: ParsedMail[];
    let life: Awaited<ReturnType<typeof claimantLife>>['life'];
    beforeAll(async () => {
      const made = await claimantLife('fr');
      life = made.life;
      mails = await deliver(made.events, made.email);
    });

    it('réclamation reçue : le numéro de confirmation dans l’objet et le corps', () => {
      const [mail] = mails;
      expect(mail?.subject).toBe(`Nous avons reçu votre réclamation ${life.confirmationNumber}`);
      expect(mail?.headers.get('content-language')).toBe('fr');
      expectBothParts(
        mail!,
        'Bonjour Hélène,',
        `Votre numéro de confirmation : ${life.confirmationNumber}`,
        '1 document était joint.',
        `${PORTAL}/fr/`,
      );
    });

    it('état changé à En attente : les documents demandés', () => {
      const mail = mails[1]!;
      expect(mail.subject).toBe(
        `Votre réclamation n° ${life.claimNumber} est maintenant : En attente`,
      );
      expectBothParts(
        mail,
        'est passé de « Soumise » à « En attente »',
        'nous avons besoin de ces documents',
        'Relevé d’emploi requis',
        'Relevé bancaire requis',
      );
      expect(mail.text).not.toContain('Service médical');
    });

    it('documents reçus : la liste des fichiers', () => {
      const mail = mails[2]!;
      expect(mail.subject).toBe(`Documents reçus pour votre réclamation n° ${life.claimNumber}`);
      expectBothParts(
        mail,
        'Nous avons reçu ces documents',
        'record-of-employment.pdf',
        'bank-statement.pdf',
      );
    });

    it('lettre de décision disponible', () => {
      const mail = mails[3]!;
      expect(mail.subject).toBe(
        `Une lettre de décision est disponible pour votre réclamation n° ${life.claimNumber}`,
      );
      expectBothParts(
        mail,
        'Une lettre de décision concernant votre réclamation',
        'n’est pas jointe à ce courriel',
        'Pour la lire',
      );
    });

    it('état changé à Approuvée', () => {
      const mail = mails[4]!;
      expect(mail.subject).toBe(
        `Votre réclamation n° ${life.claimNumber} est maintenant : Approuvée`,
      );
      expectBothParts(mail, 'est passé de « En attente » à « Approuvée »');
    });
  });

  it('mails once per event id: a redelivered event sends nothing', async () => {
    const { email, events } = await claimantLife('en');
    const submitted = events[0]!;
    expect(await notifyClaimant(options, submitted)).toBe('mailed');
    expect(await notifyClaimant(options, submitted)).toBe('duplicate');
    await Promise.all([1, 2, 3].map(() => notifyClaimant(options, events[3]!)));
    await capture.waitFor(email);
    await capture.waitFor(email);
    await new Promise((r) => setTimeout(r, 300));
    expect(capture.messages.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(2);
  });

  it('a handler frozen inside its transaction lets another mail the event within about 5 s, not 60', async () => {
    const { email, events, life } = await claimantLife('en');
    const submitted = events[0]!;
    // The first handler stops inside its transaction, as a frozen portal's would: its mailer
    // never answers, the delivery row stays locked, the transaction idle.
    let wake: () => void = () => {};
    const frozen = notifyClaimant(
      {
        ...options,
        mailer: {
          send: () => new Promise<void>((resolve) => (wake = resolve)),
          close: async () => {},
        },
      },
      submitted,
    ).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    expect(await notifyClaimant(options, submitted)).toBe('mailed');
    const waitedMs = Date.now() - started;
    expect(waitedMs).toBeLessThan(8_000);
    expect((await capture.waitFor(email)).subject).toContain(life.confirmationNumber);
    wake();
    // Woken, it finds its transaction ended by Postgres: nothing of it is kept.
    expect(await frozen).toBeInstanceOf(Error);
  }, 15_000);

  it('records but does not mail an event older than a week (a first start replaying history)', async () => {
    const { events } = await claimantLife('en');
    const old = { ...events[0]!, occurredAt: '2020-01-01T00:00:00.000Z' };
    expect(await notifyClaimant(options, old)).toBe('stale');
  });

  it('words statuses as the site does, in every language', () => {
    for (const lang of ['en', 'fr', 'cn'] as const) {
      const dictionary = JSON.parse(
        readFileSync(join(import.meta.dirname, `../../../site/src/i18n/${lang}.json`), 'utf8'),
      ) as Record<string, string>;
      for (const [status, label] of Object.entries(STATUS_LABELS[lang])) {
        expect(dictionary[`claims.status.${status}`]).toBe(label);
      }
    }
  });
});
