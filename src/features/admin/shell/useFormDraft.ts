import { useMemo, useState } from 'react';
import { useUnsavedGuard } from './useUnsavedGuard';

/**
 * A console form's draft: the values as saved (`baseline`) and as edited, the errors beside the fields, and the guard
 * against leaving with unsaved changes while the two differ. One for every form of the console.
 */
export function useFormDraft<V extends object>(initial: V | (() => V)) {
  const [baseline, setBaseline] = useState<V>(initial);
  const [values, setValues] = useState<V>(baseline);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline]);
  const guard = useUnsavedGuard(dirty);
  return { values, setValues, baseline, setBaseline, errors, setErrors, dirty, guard };
}
