import { BILLING_MESSAGES, BILLING_PLANS, type BillingPlan } from '@carecircle/libs';
import { IsOneOf } from '../../../platform/http/dto-rules';

/** `{plan}`: per_child or family_plan (create-subscription and Update Plan). */
export class PlanDto {
  @IsOneOf(BILLING_PLANS, BILLING_MESSAGES.planInvalid) plan!: BillingPlan;
}
