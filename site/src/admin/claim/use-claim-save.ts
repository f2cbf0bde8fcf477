import { useRef, useState } from 'react';
import { claimEtag, claimVersionOfEtag } from '@contracts/api/claim-etag';
import type { ClaimRecord } from '@services/claims/claim';
import { type ChosenFile, dataUrlOf } from '@site/ui/file-drop/chosen-file';
import type { ToastMessage } from '@site/ui/toast/Toast';
import { ADMIN_TEXT } from '../admin-text';
import { staffApi, versioned } from '../staff-api';
import { carriedEdits, collidingFields, type SaveConflict, saveConflictOf } from './claim-conflict';
import {
  type ClaimFormErrors,
  type ClaimFormField,
  type ClaimFormValues,
  editedFields,
  saveBody,
} from './claim-form';
import { saveFailure } from './save-failure';

/** Edits to put back once a reloaded claim arrives (after a conflict). */
export interface CarriedEdits {
  readonly values: Partial<ClaimFormValues>;
  readonly letter: ChosenFile | undefined;
}

interface SaveInput {
  readonly claim: ClaimRecord;
  /** The ETag the form was read at: the save's If-Match (decision 048). */
  readonly etag: string;
  readonly stored: ClaimFormValues;
  readonly values: ClaimFormValues;
  readonly letter: ChosenFile | undefined;
  readonly setErrors: (errors: ClaimFormErrors) => void;
  readonly onSaved: (claim: ClaimRecord, etag: string) => void;
  readonly toast: (kind: ToastMessage['kind'], message: string) => void;
}

/** The version the form was read at: the server's ETag always names one. */
function versionRead(etag: string): number {
  const version = claimVersionOfEtag(etag);
  if (version === undefined) throw new Error(`The claim was read without a version ETag: ${etag}`);
  return version;
}

/**
 * The staff save and its conflict: sends only the changed fields with If-Match; a stale save
 * opens the conflict (what the other person changed), from which the person reloads keeping
 * their edits on other fields, overwrites knowingly, or discards theirs.
 */
export function useClaimSave(input: SaveInput) {
  const { claim, etag, stored, values, letter, setErrors, onSaved, toast } = input;
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict>();
  const carried = useRef<CarriedEdits>(undefined);
  const edited: ClaimFormField[] = [
    ...editedFields(stored, values),
    ...(letter ? (['decisionLetter'] as const) : []),
  ];
  const colliding = conflict ? collidingFields(edited, conflict) : [];
  const claimPath = { params: { path: { submissionId: claim.submissionId } } };

  async function send(ifMatch: string, overwriting?: number) {
    const decisionLetter = letter && { name: letter.fileName, data: await dataUrlOf(letter.file) };
    const saved = await versioned<ClaimRecord>(
      staffApi.POST('/api/admin/claims/{submissionId}', {
        params: { path: claimPath.params.path, header: { 'If-Match': ifMatch } },
        body: {
          ...saveBody(stored, values),
          ...(decisionLetter ? { decisionLetter } : {}),
          ...(overwriting === undefined ? {} : { overwriting }),
        },
      }),
    );
    setConflict(undefined);
    toast('success', ADMIN_TEXT.messages.saved);
    onSaved(saved.body, saved.etag);
  }

  function failed(error: unknown) {
    const stale = saveConflictOf(error);
    if (stale) {
      setConflict(stale);
      return;
    }
    const failure = saveFailure(error, letter !== undefined);
    setErrors(failure.fieldErrors);
    toast('error', failure.message);
  }

  async function busy(work: () => Promise<void>) {
    setSaving(true);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  }

  /** After a conflict: the claim as stored now, with the person's edits that do not collide. */
  const reload = (keepEdits: boolean) =>
    busy(async () => {
      const fresh = await versioned<ClaimRecord>(
        staffApi.GET('/api/admin/claims/{submissionId}', claimPath),
      );
      carried.current = keepEdits
        ? {
            values: carriedEdits(values, edited, colliding),
            letter: colliding.includes('decisionLetter') ? undefined : letter,
          }
        : undefined;
      setConflict(undefined);
      onSaved(fresh.body, fresh.etag);
      toast('success', keepEdits ? ADMIN_TEXT.conflict.reloaded : ADMIN_TEXT.conflict.discarded);
    });

  return {
    saving,
    conflict,
    colliding,
    save: () => busy(() => send(etag)),
    keep: () => reload(true),
    discard: () => reload(false),
    overwrite: () =>
      busy(async () => {
        if (conflict) await send(claimEtag(conflict.currentVersion), versionRead(etag));
      }),
    /** The edits a reload carried over, once: the form applies them to the new claim. */
    takeCarried(): CarriedEdits | undefined {
      const carry = carried.current;
      carried.current = undefined;
      return carry;
    },
  };
}
