/**
 * One inbox, one address (issue 46, decision 117): the form an email address is compared,
 * stored and counted in. NFKC (full-width letters and @ become ASCII), the local part
 * case-folded, the domain through IDNA (UTS #46, as WHATWG URL applies it) to its ASCII form.
 * Invisible characters and addresses that mix look-alike scripts (a Cyrillic "а" among Latin
 * letters) are refused, each with its own reason.
 */

export type EmailRefusal = 'email.invalid' | 'email.invisible' | 'email.mixedScripts';

export type CanonicalEmail =
  | { readonly ok: true; readonly address: string }
  | { readonly ok: false; readonly refusal: EmailRefusal };

/** Characters that show nothing or can hide between others: format, control, ignorable. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Co}\p{Cn}\s]/u;
/** What is left of an ASCII domain once IDNA has run: labels of letters, digits, hyphens. */
const ASCII_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const LOCAL_PART = /^[^@\s]{1,64}$/u;

/**
 * Scripts a letter may belong to; writing systems that mix scripts by nature count as one
 * (Japanese: Han with kana; Korean: Han with Hangul; Chinese: Han with Bopomofo).
 */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
];
const LETTER = /\p{L}/u;

function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const character of text) {
    if (!LETTER.test(character)) continue;
    const script = SCRIPTS.find(([, pattern]) => pattern.test(character));
    scripts.add(script ? script[0] : `other:${character}`);
  }
  // Han is shared by Japanese and Korean writing: with Hangul it is Korean, one script.
  if (scripts.has('Hangul') && scripts.has('CJK')) scripts.delete('CJK');
  return scripts;
}

/**
 * UTS #39's "highly restrictive" level over the whole address: one script, or Latin with the
 * scripts of Chinese, Japanese or Korean writing. Cyrillic, Greek and the others may be used
 * alone, never beside Latin letters, so "х@example.com" (a Cyrillic х) is no look-alike inbox.
 */
function mixesScripts(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.size > 1 && scripts.has('Latin')) {
    scripts.delete('Latin');
    const rest = [...scripts];
    return !(rest.length === 1 && (rest[0] === 'CJK' || rest[0] === 'Hangul'));
  }
  return scripts.size > 1;
}

/** The domain's ASCII (A-label) form by UTS #46, or undefined when it is not a domain. */
function asciiDomain(domain: string): string | undefined {
  if (domain === '' || /[/?#\\:%@[\]]/.test(domain)) return undefined;
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return ASCII_DOMAIN.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

/** The address in its canonical form, or why it cannot be one. `raw` is trimmed first. */
export function canonicalEmail(raw: string): CanonicalEmail {
  const folded = raw.trim().normalize('NFKC');
  if (INVISIBLE.test(folded)) return { ok: false, refusal: 'email.invisible' };
  const at = folded.lastIndexOf('@');
  if (at <= 0) return { ok: false, refusal: 'email.invalid' };
  const local = folded.slice(0, at).toLowerCase().normalize('NFKC');
  const domain = folded.slice(at + 1);
  if (!LOCAL_PART.test(local)) return { ok: false, refusal: 'email.invalid' };
  if (mixesScripts(`${local}@${domain}`)) {
    return { ok: false, refusal: 'email.mixedScripts' };
  }
  const ascii = asciiDomain(domain);
  if (!ascii) return { ok: false, refusal: 'email.invalid' };
  return { ok: true, address: `${local}@${ascii}` };
}

/** The canonical form where there is one, else the value lower-cased (sign-in looks it up). */
export function emailLookupKey(raw: string): string {
  const canonical = canonicalEmail(raw);
  return canonical.ok ? canonical.address : raw.trim().toLowerCase();
}
