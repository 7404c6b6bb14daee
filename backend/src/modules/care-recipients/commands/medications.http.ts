import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  MEDICATION_DOSAGE_REQUIRED,
  MEDICATION_NAME_REQUIRED,
  MEDICATION_STOCK_LIMITS,
  MEDICATION_STOCK_MESSAGES,
  MEDICATION_STRENGTH_MAX,
  MEDICATION_UNITS,
  type Medication,
  type MedicationInput,
  type MedicationUnit,
} from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { IfGiven, IsAmountIn, IsIntIn, IsLink, IsOneOf, IsText } from '../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../access/child-access.guard';
import { MedicationsQuery } from '../read-models/medications/medications.query';
import { ExecuteCareRecipientCommand } from './care-recipient-command.handler';

const { maxStock, maxDoseAmount, minThresholdDays, maxThresholdDays } = MEDICATION_STOCK_LIMITS;
const thresholdMessage = MEDICATION_STOCK_MESSAGES.refillThresholdDays;

/** Stock fields (docs/notifications.md, "Refill reminders"): all optional; stock null means not tracked. */
class MedicationStockFields {
  /** Amount on hand now: 0 to 100000, at most 2 decimals. On an update it sets the stock (a count). */
  @IfGiven() @IsAmountIn(0, maxStock, MEDICATION_STOCK_MESSAGES.stock) stock?: number | null;
  /** Taken off the stock by each completed dose task: more than 0, at most 1000. Default 1. */
  @IfGiven() @IsAmountIn(0, maxDoseAmount, MEDICATION_STOCK_MESSAGES.doseAmount, { exclusiveMin: true }) doseAmount?: number;
  /** Default tablets. */
  @IfGiven() @IsOneOf(MEDICATION_UNITS, MEDICATION_STOCK_MESSAGES.unit) unit?: MedicationUnit;
  /** A refill reminder comes when the stock covers fewer days than this (1 to 90, default 7). */
  @IfGiven()
  @IsIntIn(minThresholdDays, maxThresholdDays, { type: thresholdMessage, min: thresholdMessage, max: thresholdMessage })
  refillThresholdDays?: number;
}

export class MedicationDto extends MedicationStockFields implements MedicationInput {
  @IsText(200, { message: MEDICATION_NAME_REQUIRED }) name!: string;
  @IsText(200, { message: MEDICATION_DOSAGE_REQUIRED }) dosage!: string;
  /** "100 mg/mL": at most 100 characters. */
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsText(2000) instructions?: string | null;
  @IfGiven() @IsLink() photoUrl?: string | null;
}

export class MedicationUpdateDto extends MedicationStockFields implements Partial<MedicationInput> {
  @IfGiven() @IsText(200) name?: string;
  @IfGiven() @IsText(200) dosage?: string;
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsText(2000) instructions?: string | null;
  @IfGiven() @IsLink() photoUrl?: string | null;
}

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Medication not found') });

@ApiTags('medications')
@Controller('children/:childId/medications')
@UseGuards(ChildAccessGuard)
export class MedicationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly medications: MedicationsQuery,
  ) {}

  @Post()
  @ChildAccess('edit')
  async add(@Param('childId') childId: string, @Body() body: MedicationDto, @Req() req: Request): Promise<Medication> {
    const medicationId = randomUUID();
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'AddMedication', data: { medicationId, input: body }, metadata: commandMetadata(req) }),
    );
    return (await this.medications.byId(childId, medicationId))!;
  }

  @Put(':id')
  @ChildAccess('edit')
  async update(
    @Param('childId') childId: string,
    @Param('id', uuid) medicationId: string,
    @Body() body: MedicationUpdateDto,
    @Req() req: Request,
  ): Promise<Medication> {
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'UpdateMedication', data: { medicationId, input: body }, metadata: commandMetadata(req) }),
    );
    return (await this.medications.byId(childId, medicationId))!;
  }

  @Delete(':id')
  @ChildAccess('edit')
  @HttpCode(204)
  async remove(@Param('childId') childId: string, @Param('id', uuid) medicationId: string, @Req() req: Request): Promise<void> {
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'RemoveMedication', data: { medicationId }, metadata: commandMetadata(req) }),
    );
  }
}
