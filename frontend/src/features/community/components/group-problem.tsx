import { Link } from 'react-router-dom';
import { serverMessage, statusOf } from '../../../shared/api/api-error';
import { LoadError } from '../../../shared/ui/load-error';

/**
 * A group or post that cannot be shown, said kindly: not there (404, or an address that is no id:
 * 400), not for this user (403, in the server's words), or not loaded (a retry).
 */
export function GroupProblem({ error, what, back, onRetry }: { error: unknown; what: 'group' | 'post'; back: { to: string; label: string }; onRetry: () => void }) {
  const status = statusOf(error);
  if (status === 404 || status === 400 || status === 403) {
    const title = status === 403 ? 'You cannot see this yet' : what === 'group' ? 'Group not found' : 'Post not found';
    const text =
      status === 403
        ? (serverMessage(error) ?? 'Only members of this group can see its posts.')
        : what === 'group'
          ? 'This group does not exist. It may have been closed.'
          : 'This post is no longer here. Its author or a moderator may have removed it.';
    return (
      <div className="groups-empty" role="status">
        <h1 className="groups-empty__title">{title}</h1>
        <p className="groups-empty__text">{text}</p>
        <Link to={back.to} className="group-card__link">
          {back.label}
        </Link>
      </div>
    );
  }
  return (
    <div className="page">
      <LoadError title={`Could not load the ${what}. Please check your connection and try again.`} onRetry={onRetry} />
      <Link to={back.to} className="group-header__back">
        {back.label}
      </Link>
    </div>
  );
}
