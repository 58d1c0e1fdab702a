// The Share button of a finished play's detail (a closed position, a settled flip): opens the share
// card's sheet above the detail; the sheet and its canvas code load on the first tap.
import { Suspense, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import type { SharedResult } from './shared-result';

const ShareResultSheet = lazyPart(() =>
  import('./share-result-sheet').then((m) => ({ default: m.ShareResultSheet })),
);

export function ShareAction({
  result,
  label,
  testId,
}: {
  result: SharedResult;
  label: string;
  testId: string;
}) {
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => setSharing(true)}
        data-testid={testId}
      >
        {label}
      </button>
      {sharing && (
        <Suspense fallback={null}>
          <ShareResultSheet result={result} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </>
  );
}
