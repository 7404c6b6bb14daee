import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

/** The title of a Care Hub screen with its back button to the menu (spec document 3, section 2). */
export function SubPageHeader({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <header className="care-hub-header">
      <Link to="/care-hub" className="icon-box care-hub-header__back" aria-label="Back to Care Hub">
        <ArrowLeftOutlined aria-hidden />
      </Link>
      <h1 className="care-hub-header__title">{title}</h1>
    </header>
  );
}
