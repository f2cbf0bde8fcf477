import type { ErrorCode } from '../errors';

export type ProblemLanguage = 'en' | 'fr' | 'cn';

/**
 * The problem+json `title` of each error code, in each language the API answers in: the one
 * place titles are worded (issue 28 finding 10).
 */
export const PROBLEM_TITLES: Readonly<
  Record<ErrorCode, Readonly<Record<ProblemLanguage, string>>>
> = {
  VALIDATION_FAILED: {
    en: 'The request has invalid fields',
    fr: 'La requête contient des champs non valides',
    cn: '请求包含无效字段',
  },
  UNAUTHENTICATED: { en: 'Sign-in required', fr: 'Connexion requise', cn: '需要登录' },
  FORBIDDEN: { en: 'Not allowed', fr: 'Action non autorisée', cn: '不允许' },
  NOT_FOUND: { en: 'Not found', fr: 'Introuvable', cn: '未找到' },
  METHOD_NOT_ALLOWED: {
    en: 'Method not allowed',
    fr: 'Méthode non autorisée',
    cn: '不允许使用此方法',
  },
  CONFLICT: { en: 'Conflicting change', fr: 'Modification en conflit', cn: '更改冲突' },
  PRECONDITION_FAILED: {
    en: 'The resource changed meanwhile',
    fr: 'La ressource a changé entre-temps',
    cn: '资源已在此期间更改',
  },
  PRECONDITION_REQUIRED: {
    en: 'The write must name the version it is based on (If-Match)',
    fr: 'L’écriture doit indiquer la version sur laquelle elle se fonde (If-Match)',
    cn: '写入必须注明其所依据的版本（If-Match）',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The request body is too large',
    fr: 'Le corps de la requête est trop volumineux',
    cn: '请求内容过大',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'Unsupported content type',
    fr: 'Type de contenu non pris en charge',
    cn: '不支持的内容类型',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This Idempotency-Key was already used for a different request',
    fr: 'Cette clé Idempotency-Key a déjà servi pour une autre requête',
    cn: '此 Idempotency-Key 已用于另一个请求',
  },
  HEADERS_TOO_LARGE: {
    en: 'The request headers are too large',
    fr: 'Les en-têtes de la requête sont trop volumineux',
    cn: '请求头过大',
  },
  RATE_LIMITED: { en: 'Too many requests', fr: 'Trop de requêtes', cn: '请求过多' },
  INTERNAL_ERROR: {
    en: 'The server could not complete the request',
    fr: 'Le serveur n’a pas pu traiter la requête',
    cn: '服务器无法完成请求',
  },
  SERVICE_UNAVAILABLE: {
    en: 'A service the portal needs is briefly unavailable',
    fr: 'Un service dont le portail a besoin est momentanément indisponible',
    cn: '门户所需的服务暂时不可用',
  },
};

export function problemTitle(code: ErrorCode, lang: ProblemLanguage = 'en'): string {
  return PROBLEM_TITLES[code][lang];
}
