// The × that takes an announcement away (a position's closing notice, a flip's result).
interface DismissButtonProps {
  className: string;
  /** Its accessible name ("Dismiss" in the person's language). */
  label: string;
  testId: string;
  onClick: () => void;
}

export function DismissButton({ className, label, testId, onClick }: DismissButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} data-testid={testId} onClick={onClick}>
      ×
    </button>
  );
}
