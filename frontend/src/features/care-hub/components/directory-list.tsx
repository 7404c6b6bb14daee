import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../shared/ui/load-error';

interface Props<T> {
  /** The list's query: loading, failed (with a retry) or answered. */
  query: { data?: T[]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  label: string;
  texts: { loading: string; loadError: string; emptyTitle: string; emptyText: string; add: string };
  canEdit: boolean;
  onAdd: () => void;
  renderItem: (item: T) => ReactNode;
}

/** One recipient's directory (doctors, family support): its add button, then loading, failure, empty or the cards. */
export function DirectoryList<T>({ query, label, texts, canEdit, onAdd, renderItem }: Props<T>) {
  const addButton = canEdit && (
    <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onAdd}>
      {texts.add}
    </Button>
  );
  let body: ReactNode;
  if (query.isLoading) body = <p role="status">{texts.loading}</p>;
  else if (query.isError && !query.data) body = <LoadError title={texts.loadError} onRetry={() => void query.refetch()} />;
  else if (!query.data?.length) {
    body = (
      <div className="care-hub-empty-state">
        <h3>{texts.emptyTitle}</h3>
        <p>{texts.emptyText}</p>
        {addButton}
      </div>
    );
  } else {
    body = (
      <>
        {addButton && <div className="care-hub-section__actions">{addButton}</div>}
        <ul className="care-hub-list">{query.data.map(renderItem)}</ul>
      </>
    );
  }
  return (
    <section className="care-hub-section" aria-label={label}>
      {body}
    </section>
  );
}
