import { ADMIN_TEXT, BILLING_PLANS, isBillingPlan, PLAN_DETAILS, type AdminUser, type BillingPlan } from '@carecircle/libs';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useSetUserSubscriptionMutation } from '../api';


/**
 * The Users table's edit dialog (spec document 1, "Admin dashboard"): the user read-only, a plan and a
 * status select, Cancel and Save Changes; the spec's toasts. Saving records the change in the admin's
 * name (docs/admin.md); the table and the figures are read again.
 */
export function EditSubscriptionDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [plan, setPlan] = useState<BillingPlan>(isBillingPlan(user.subscriptionPlan) ? user.subscriptionPlan : 'per_child');
  const [active, setActive] = useState(user.subscriptionActive);
  const [save, { isLoading }] = useSetUserSubscriptionMutation();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const submit = async () => {
    try {
      await save({ userId: user.id, plan, active }).unwrap();
      toast({ title: 'Success', description: ADMIN_TEXT.subscriptionUpdated, variant: 'success' });
      onClose();
    } catch {
      toast({ title: 'Error', description: ADMIN_TEXT.subscriptionUpdateFailed, variant: 'destructive' });
    }
  };
  return (
    <Modal open title="Edit Subscription" onCancel={onClose} footer={null} destroyOnHidden>
      <dl className="admin-facts admin-edit__user">
        <dt>User</dt>
        <dd>{name || user.email}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <div className="admin-edit__field">
        <label htmlFor="admin-edit-plan">Plan</label>
        <select id="admin-edit-plan" className="native-select" value={plan} onChange={(event) => setPlan(event.target.value as BillingPlan)}>
          {BILLING_PLANS.map((value) => (
            <option key={value} value={value}>
              {PLAN_DETAILS[value].name}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-edit__field">
        <label htmlFor="admin-edit-status">Status</label>
        <select id="admin-edit-status" className="native-select" value={active ? 'active' : 'inactive'} onChange={(event) => setActive(event.target.value === 'active')}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
      <div className="admin-edit__actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" loading={isLoading} onClick={() => void submit()}>
          Save Changes
        </Button>
      </div>
    </Modal>
  );
}
