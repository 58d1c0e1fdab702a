// A visitor's note beside a game's buttons (the contract game's Open, Lightning Flip's Up and Down):
// the order needs an account, and its button goes to sign-in and back to this page.
import { currentLocation, navigate } from '@/lib/navigation';
import { loginPath } from '@/lib/paths';

interface SignInNoteProps {
  className: string;
  /** The note's test id; its button's is the same with `-link`. */
  testId: string;
  text: string;
  signIn: string;
}

export function SignInNote({ className, testId, text, signIn }: SignInNoteProps) {
  return (
    <p className={className} role="alert" data-testid={testId}>
      {text}
      <button
        type="button"
        className="btn btn--small btn--primary"
        data-testid={`${testId}-link`}
        onClick={() => navigate(loginPath(currentLocation()))}
      >
        {signIn}
      </button>
    </p>
  );
}
