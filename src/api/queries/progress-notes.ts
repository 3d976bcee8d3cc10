import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

/** Timestamped notes (issue 26), tagged `progress`: read by the player's 메모 tab and the class progress page. */

export type Note = components['schemas']['Note'];
export type NewNote = Omit<components['schemas']['NoteSaveRequest'], 'useruid'>;

/** The server's limit (openapi: NoteSaveRequest.text), checked here first so the member hears it before sending. */
export const NOTE_MAX_CHARS = 1000;

/** GET /api/Note/GetList/{contentsid}/{useruid} — the member's notes of a class, in curriculum order then by second. */
export function fetchNotes(contentsid: number, useruid: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/Note/GetList/{contentsid}/{useruid}', { params: { path: { contentsid, useruid } } }));
}

/** POST /api/Note/Save/ — `noteid` is made once per note by the caller, so a retry never writes a second note. */
export function saveNote(useruid: string, note: NewNote, client: ApiClient = api) {
  return datasOf(client.POST('/api/Note/Save/', { body: { useruid, ...note } }));
}

/** POST /api/Note/Update/ — a new text for one of the member's notes. */
export function updateNote(useruid: string, noteid: string, text: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Note/Update/', { body: { useruid, noteid, text } }));
}

/** POST /api/Note/Delete/ — removes one of the member's notes. */
export function deleteNote(useruid: string, noteid: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Note/Delete/', { body: { useruid, noteid } }));
}

export const noteKeys = {
  ofClass: (contentsid: number, useruid: string) => ['progress', 'notes', contentsid, useruid] as const,
};

export const notesQuery = (contentsid: number, useruid: string) =>
  queryOptions({ queryKey: noteKeys.ofClass(contentsid, useruid), queryFn: () => fetchNotes(contentsid, useruid), staleTime: 0 });
