import { Injectable } from '@nestjs/common';
import { PAGE_LIMITS, type Child, type User } from '@carecircle/libs';
import { Turns } from '../../../../platform/http/turns';
import { ChildrenQuery, MedicationsQuery } from '../../../care-recipients';
import { CareHubFamilies, ContactsQuery, EmergencyContactsQuery } from '../../../care-hub';
import { CareUpdatesQuery } from '../../../care-updates';
import { UsersQuery } from '../../../identity';
import { TaskHistoryQuery } from '../../../scheduling';
import { ReportTasksQuery, type HistoryCursor } from '../../read-models/report-tasks/report-tasks.query';

/** Tasks whose ids are read at a time; their histories are then read together (a handful of statements). */
const TASKS_PER_PAGE = 200;

/** The export's format version, first in the file. */
export const EXPORT_FORMAT = 'carecircle-export/1';

/**
 * Everything the user may see, as one JSON document written a piece at a time (GET /api/user/export):
 * the profile, each recipient they see (own or shared) with its medications, doctors, family
 * support, care team, updates and every task with its events, and the emergency contacts of their
 * families. Nothing is held but one page: tasks are read by keyset pages of report_tasks, and a
 * page's histories together from the event store (scheduling's historiesOf: the events of
 * GET /api/tasks/{id}/history), updates a page at a time; the generator yields each piece, so the HTTP stream pulls the next only
 * when the client has taken the last (back-pressure), and the event loop is let go between pieces.
 */
@Injectable()
export class ExportMyDataQuery {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly medications: MedicationsQuery,
    private readonly families: CareHubFamilies,
    private readonly contacts: ContactsQuery,
    private readonly emergencyContacts: EmergencyContactsQuery,
    private readonly updates: CareUpdatesQuery,
    private readonly users: UsersQuery,
    private readonly history: TaskHistoryQuery,
    private readonly tasks: ReportTasksQuery,
  ) {}

  async *document(user: User, exportedAt: Date): AsyncGenerator<string> {
    const turns = new Turns();
    const pause = async () => {
      if (turns.over) await turns.next();
    };
    yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"exportedAt":${JSON.stringify(exportedAt.toISOString())},"profile":${JSON.stringify(user)}`;
    yield `,"emergencyContacts":${JSON.stringify(await this.emergencyContacts.ofFamilies(await this.families.of(user.id)))}`;
    yield ',"recipients":[';
    const recipients = await this.children.listFor(user.id);
    for (const [i, child] of recipients.entries()) {
      yield `${i > 0 ? ',' : ''}${(await this.recipientHead(user, child, exportedAt)).slice(0, -1)}`;
      yield ',"updates":[';
      let first = true;
      for (let after = null as Parameters<CareUpdatesQuery['page']>[2]['after'], more = true; more; ) {
        const page = await this.updates.page(child.id, { userId: user.id, isPrimary: child.primaryCaregiverId === user.id }, { after, size: PAGE_LIMITS.max });
        for (const update of page.items) {
          yield `${first ? '' : ','}${JSON.stringify(update)}`;
          first = false;
        }
        const last = page.items[page.items.length - 1];
        more = page.next !== null && last !== undefined;
        after = last ? { createdAt: new Date(last.createdAt), id: last.id } : null;
        await pause();
      }
      yield '],"tasks":[';
      first = true;
      for (let after: HistoryCursor | null = null, more = true; more; ) {
        const page = await this.tasks.taskIds(child.id, { after, size: TASKS_PER_PAGE });
        // The page's histories in a handful of statements (set-based), then written a task at a time.
        const histories = await this.history.historiesOf(page.ids);
        for (const taskId of page.ids) {
          yield `${first ? '' : ','}{"id":${JSON.stringify(taskId)},"events":${JSON.stringify(histories.get(taskId) ?? [])}}`;
          first = false;
          await pause();
        }
        after = page.next;
        more = page.next !== null;
      }
      yield ']}';
    }
    yield ']}';
  }

  /** A recipient and its short lists (each bounded by its stated maximum), as one JSON object. */
  private async recipientHead(user: User, child: Child, now: Date): Promise<string> {
    const isOwn = child.primaryCaregiverId === user.id;
    const shares = isOwn ? (await this.children.sharedBy(user.id)).filter((s) => s.childId === child.id) : [];
    const people = await this.users.contacts([child.primaryCaregiverId, ...shares.map((s) => s.userId)]);
    const primary = people.get(child.primaryCaregiverId);
    return JSON.stringify({
      ...child,
      yourAccess: isOwn ? 'primary caregiver' : child.canEdit ? 'can edit' : 'can view',
      careTeam: {
        primaryCaregiver: { userId: child.primaryCaregiverId, name: primary?.name ?? null, email: primary?.email ?? null },
        /** Who else sees the recipient: listed for the primary caregiver only (a secondary sees only the primary). */
        sharedWith: shares.map((s) => ({ userId: s.userId, name: people.get(s.userId)?.name ?? null, email: people.get(s.userId)?.email ?? null, canEdit: s.canEdit })),
      },
      medications: await this.medications.forChild(child.id, now),
      doctors: await this.contacts.list('doctor', [child.id]),
      familySupport: await this.contacts.list('familySupport', [child.id]),
    });
  }
}

