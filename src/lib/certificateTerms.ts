import type { components } from '../api/schema.gen';
import { CERTIFICATE_RULE, type CertificateTerms } from '../../rules/certificate';

/**
 * A class's certificate rule as the API sends it (`CertificateTerms`), in the words of rules/certificate.ts; the
 * standard when the answer carries none (a class without a quiz, or an older answer).
 */
export function termsOf(rule: components['schemas']['CertificateTerms'] | null | undefined): CertificateTerms {
  if (!rule) return CERTIFICATE_RULE;
  return {
    passScore: rule.passscore,
    quizOpensAt: rule.requiredprogress,
    attemptsPerDay: rule.attemptsperday,
    certificateProgress: rule.certificateprogress,
  };
}
