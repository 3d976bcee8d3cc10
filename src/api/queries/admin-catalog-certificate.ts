import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-catalog`, a class's certificate rules: its quiz, pass score, time limit and required progress (the console).

export type AdminCertificateRules = components['schemas']['AdminCertificateRules'];
export type AdminCertificateRulesInput = components['schemas']['AdminCertificateRulesInput'];
export type AdminCertificateRulesSaved = components['schemas']['AdminCertificateRulesSaved'];
export type AdminQuizInput = components['schemas']['AdminQuizInput'];

/** GET /api/Admin/Classes/{contentsid}/Certificate — the quiz with its answers, and both progresses. */
export function fetchAdminCertificateRules(contentsid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Classes/{contentsid}/Certificate', { params: { path: { contentsid } } }));
}

/** PUT /api/Admin/Classes/{contentsid}/Certificate — a quiz members started is saved as a new version (`quizchange`). */
export function updateAdminCertificateRules(contentsid: number, input: AdminCertificateRulesInput, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Classes/{contentsid}/Certificate', { params: { path: { contentsid } }, body: input }));
}

export const adminCertificateKeys = {
  rules: (contentsid: number) => ['admin-catalog', 'certificate', contentsid] as const,
};

export const adminCertificateRulesQuery = (contentsid: number) =>
  queryOptions({ queryKey: adminCertificateKeys.rules(contentsid), queryFn: () => fetchAdminCertificateRules(contentsid) });
