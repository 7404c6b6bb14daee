import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from './decider';

/** What a command made with `commandOf` carries: its fields and the request's metadata. */
export type CommandFields<Fields extends object> = Readonly<Fields> & { readonly metadata: CommandMetadata };

/**
 * A command's class from its fields, the house way to declare one (README.md, "Where things are"):
 * `export class RemoveTask extends commandOf<{ taskId: string; reason: string | null }>() {}`, made with
 * named fields, `new RemoveTask({ taskId, reason, metadata })` (two ids of the same type cannot swap
 * places), and handled by its own `@CommandHandler(RemoveTask)`. `Result` is what the command bus
 * answers (void by default).
 */
export function commandOf<Fields extends object = Record<never, never>, Result = void>() {
  class FieldsCommand extends Command<Result> {
    constructor(fields: CommandFields<Fields>) {
      super();
      Object.assign(this, fields);
    }
  }
  return FieldsCommand as new (fields: CommandFields<Fields>) => Command<Result> & CommandFields<Fields>;
}
