import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { MEDICATION_STOCK_LIMITS, MEDICATION_STOCK_MESSAGES, type Medication, type RefillInput } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsAmountIn } from '../../../../platform/http/dto-rules';
import { medicationId } from '../care-recipient.dto';
import { RefillMedication } from './refill-medication.handler';

export class RefillDto implements RefillInput {
  /** Added to the stock shown: more than 0, at most 100000, at most 2 decimals. */
  @IsAmountIn(0, MEDICATION_STOCK_LIMITS.maxRefillAmount, MEDICATION_STOCK_MESSAGES.amount, { exclusiveMin: true }) amount!: number;
}

/** The refill dialog's "Add to stock": same access as editing the medication. 200 with the medication. */
@ApiTags('medications')
@Controller('medications')
export class RefillMedicationController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/refill')
  @HttpCode(200)
  refill(@Param('id', medicationId) id: string, @Body() body: RefillDto, @Req() req: Request): Promise<Medication> {
    return this.commands.execute(new RefillMedication({ medicationId: id, amount: body.amount, metadata: commandMetadata(req) }));
  }
}
