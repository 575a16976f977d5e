/**
 * Contract §20 "Payment-method ownership": only the person who added a card may edit or delete it;
 * any admin may make it the default. The server refuses with `cardOwnerOnly`'s text (403) and the
 * payment screen shows the same sentence instead of the buttons, so both read it from here.
 */
export interface CardOwnership {
  addedBy: { userId?: string; name: string };
  billing_details?: { name?: string | null } | null;
}

export interface CardActor {
  userId: string;
  /** The user's full name: a card without `addedBy.userId` belongs to its cardholder by name. */
  name: string;
}

export function ownsCard(card: CardOwnership, actor: CardActor): boolean {
  if (card.addedBy.userId !== undefined) return card.addedBy.userId === actor.userId;
  return (card.billing_details?.name ?? '') === actor.name;
}

/** The owner's name as the 403 gives it. */
export function cardOwnerName(card: CardOwnership): string {
  return card.addedBy.name || card.billing_details?.name || 'the cardholder';
}

export const cardOwnerOnly = (name: string) => `Only ${name} can modify this card`;
