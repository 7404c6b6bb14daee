import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** Edit and Delete of a directory card; their names say whose card it is ("Edit Grandma Rose"). */
export function EntryActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}
