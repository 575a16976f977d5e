import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import {
  ALL_TICKETS_PARTITION,
  PENDING_ATTACHMENTS_PARTITION,
  ticketKeys,
  type AttachmentRecord,
  type TicketAttachmentRecord,
  type TicketRecord,
  type TicketResponseRecord,
} from './ticket-record';

/** The transaction's condition failed: an attachment was taken by another ticket meanwhile, or the ticket changed. */
/** A ticket as stored: under its organization and in the system admin's all-tickets partition. */
function ticketItem(ticket: TicketRecord): Record<string, unknown> {
  return { ...ticketKeys.ticket(ticket.organization_id, ticket.id), ...ticketKeys.allTickets(ticket.created_at, ticket.id), entity: 'ticket', ...ticket };
}

export class TicketWriteConflict extends Error {}

/** A failed condition only: a cancellation for an input limit stays an error the pipeline maps to 400. */
function isConditionFailure(error: unknown): boolean {
  const failure = error as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (failure.name === 'ConditionalCheckFailedException') return true;
  return failure.name === 'TransactionCanceledException' && (failure.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
}

/** Tickets, their responses and their attachments in the single table (docs/data-model.md, "Ticket"). */
export class TicketStore {
  constructor(private readonly database: DatabasePort) {}

  private get table() {
    return this.database.tableName;
  }

  async putAttachment(attachment: AttachmentRecord): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...ticketKeys.attachment(attachment.organization_id, attachment.id),
          ...ticketKeys.pendingAttachment(attachment.created_at, attachment.organization_id, attachment.id),
          entity: 'supportAttachment',
          ...attachment,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  /** The organization's attachments among `ids`; unknown ones are simply absent from the map. */
  async getAttachments(organizationId: string, ids: string[]): Promise<Map<string, AttachmentRecord>> {
    const found = new Map<string, AttachmentRecord>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return found;
    const { Responses } = await this.database.client.send(
      new BatchGetCommand({ RequestItems: { [this.table]: { Keys: unique.map((id) => ticketKeys.attachment(organizationId, id)), ConsistentRead: true } } }),
    );
    for (const item of Responses?.[this.table] ?? []) {
      const attachment = withoutKeys(item) as unknown as AttachmentRecord;
      found.set(attachment.id, attachment);
    }
    return found;
  }

  async getAttachment(organizationId: string, id: string): Promise<AttachmentRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.table, Key: ticketKeys.attachment(organizationId, id), ConsistentRead: true }));
    return Item ? (withoutKeys(Item) as unknown as AttachmentRecord) : undefined;
  }

  /** Deletes the record unless a ticket took it meanwhile; answers whether it did. */
  async deleteUnusedAttachment(attachment: Pick<AttachmentRecord, 'organization_id' | 'id'>): Promise<boolean> {
    try {
      await this.database.client.send(
        new DeleteCommand({ TableName: this.table, Key: ticketKeys.attachment(attachment.organization_id, attachment.id), ConditionExpression: 'attribute_not_exists(ticket_id)' }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * The ticket, its id lookup and the binding of its attachments in one transaction: each
   * attachment must still be the creator's and unused, so two tickets never share one, and a
   * bound attachment leaves the cleanup's partition.
   */
  async createTicket(ticket: TicketRecord): Promise<void> {
    const bind = (attachment: TicketAttachmentRecord) => ({
      Update: {
        TableName: this.table,
        Key: ticketKeys.attachment(ticket.organization_id, attachment.id),
        UpdateExpression: 'SET ticket_id = :ticket, #size = :size REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(ticket_id) AND user_id = :user',
        ExpressionAttributeNames: { '#size': 'size' },
        ExpressionAttributeValues: { ':ticket': ticket.id, ':size': attachment.size, ':user': ticket.user_id },
      },
    });
    try {
      await this.database.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: ticketItem(ticket),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            { Put: { TableName: this.table, Item: { ...ticketKeys.lookup(ticket.id), entity: 'ticketLookup', organization_id: ticket.organization_id }, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...ticket.attachments.map(bind),
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new TicketWriteConflict();
      throw error;
    }
  }

  async getTicket(organizationId: string, ticketId: string): Promise<TicketRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.table, Key: ticketKeys.ticket(organizationId, ticketId) }));
    return Item ? (withoutKeys(Item) as unknown as TicketRecord) : undefined;
  }

  /** Any organization's ticket by id alone: the system admin's read. */
  async findTicket(ticketId: string): Promise<TicketRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.table, Key: ticketKeys.lookup(ticketId) }));
    const organizationId = Item?.organization_id;
    return typeof organizationId === 'string' ? this.getTicket(organizationId, ticketId) : undefined;
  }

  /** The organization's tickets, newest first, within the §1.5 bound. */
  async listOrganizationTickets(organizationId: string): Promise<{ items: TicketRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': ticketKeys.ticket(organizationId, '').PK, ':sk': ticketKeys.ticketPrefix },
      ScanIndexForward: false,
    });
    return { items: items.map((item) => withoutKeys(item) as unknown as TicketRecord), truncated };
  }

  /** Every organization's tickets, newest first, from one index partition. */
  async listAllTickets(): Promise<{ items: TicketRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': ALL_TICKETS_PARTITION },
      ScanIndexForward: false,
    });
    return { items: items.map((item) => withoutKeys(item) as unknown as TicketRecord), truncated };
  }

  /** In the order they were written (their ids are time-ordered). */
  async listResponses(ticket: Pick<TicketRecord, 'organization_id' | 'id'>): Promise<TicketResponseRecord[]> {
    const { items } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': ticketKeys.ticket(ticket.organization_id, '').PK, ':sk': ticketKeys.responsePrefix(ticket.id) },
    });
    return items.map((item) => withoutKeys(item) as unknown as TicketResponseRecord);
  }

  /**
   * Writes the ticket's new state and the response, if any, together, conditioned on the ticket
   * being as it was read, so two staff updates never silently overwrite each other.
   */
  async saveUpdate(before: TicketRecord, after: TicketRecord, response?: TicketResponseRecord): Promise<void> {
    try {
      await this.database.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: ticketItem(after),
                ConditionExpression: 'updated_at = :read',
                ExpressionAttributeValues: { ':read': before.updated_at },
              },
            },
            ...(response
              ? [{ Put: { TableName: this.table, Item: { ...ticketKeys.response(response.organization_id, response.ticket_id, response.id), entity: 'ticketResponse', ...response } } }]
              : []),
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new TicketWriteConflict();
      throw error;
    }
  }

  /** Attachments still unused that were registered before `cutoff`, oldest first. */
  async listPendingAttachmentsBefore(cutoff: string, limit: number): Promise<Array<Pick<AttachmentRecord, 'organization_id' | 'id'>>> {
    const { Items = [] } = await this.database.client.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :cutoff',
        ExpressionAttributeValues: { ':pk': PENDING_ATTACHMENTS_PARTITION, ':cutoff': cutoff },
        Limit: limit,
      }),
    );
    return Items as Array<Pick<AttachmentRecord, 'organization_id' | 'id'>>;
  }
}
