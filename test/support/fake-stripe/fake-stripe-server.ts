import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { prorateUpgrade, toCents } from '../../../shared/rules/billing/proration';
import { parseFormParams, type FormObject, type FormValue } from './form-params';
import type { Json } from '../json';

/**
 * A Stripe API of our own for tests (stripe-stateful-mock lacks payment methods, schedules and
 * invoices): the objects and calls Groundwork uses, in Stripe's response shapes (API 2026-10-28,
 * periods on subscription items, invoices' `confirmation_secret`). It keeps the events Stripe would
 * send, and a test delivers them, signed, in the order it chooses.
 *
 * Magic payment methods, as Stripe's test tokens: `pm_card_visa`, `pm_card_mastercard` attach as a
 * fresh `pm_…`; `pm_card_visa_chargeDeclined` attaches but every charge is declined;
 * `pm_card_chargeDeclined` is declined when attached.
 */

const CARD_TOKENS: Record<string, { brand: string; last4: string; declinesCharges: boolean; declinesAttach: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declinesCharges: false, declinesAttach: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declinesCharges: false, declinesAttach: false },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341', declinesCharges: true, declinesAttach: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declinesCharges: true, declinesAttach: true },
};

/** Stripe's test card numbers, as Stripe.js sends them when it creates a payment method from a card element. */
const CARD_NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000341': 'pm_card_visa_chargeDeclined',
  '4000000000000002': 'pm_card_chargeDeclined',
};

export const DECLINE_MESSAGE = 'Your card was declined.';

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const missing = (kind: string, id: string) => new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });
const invalid = (message: string, param?: string) => new StripeFailure(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const declined = () => new StripeFailure(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: DECLINE_MESSAGE });

const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: FormValue | undefined): number | undefined => (typeof value === 'string' && value !== '' ? Number(value) : undefined);
const list = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const obj = (value: FormValue | undefined): FormObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000);
}

/** Stripe: metadata keys set to '' are removed. */
function mergeMetadata(current: Record<string, string>, update: FormObject): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else if (typeof value === 'string') merged[key] = value;
  }
  return merged;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey?: string;
}

export class FakeStripe {
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly schedules = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  /** Events in the order Stripe would have created them, not yet delivered. */
  readonly events: Json[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Seconds added to the wall clock: tests move Stripe's time to a period's end. */
  clockOffset = 0;
  private sequence = 0;
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  private server?: Server;
  url = '';

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.serve(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private id(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${this.sequence.toString().padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  }

  private emit(type: string, object: Json, previous?: Json): void {
    this.events.push({
      id: this.id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    });
  }

  /** Takes the events not yet delivered, oldest first. */
  takeEvents(): Json[] {
    return this.events.splice(0, this.events.length);
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = parseFormParams(request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) || undefined;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, params, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const replayKey = idempotencyKey && request.method === 'POST' ? `${url.pathname}\n${idempotencyKey}` : undefined;
    let answer = replayKey ? this.idempotent.get(replayKey) : undefined;
    if (!answer) {
      try {
        answer = { status: 200, body: this.route(request.method ?? 'GET', url.pathname, params) };
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        answer = { status: error.status, body: { error: error.body } };
      }
      if (replayKey && answer.status < 500) this.idempotent.set(replayKey, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': this.id('req') });
    response.end(JSON.stringify(answer.body));
  }

  private route(method: string, path: string, params: FormObject): Json {
    const parts = path.split('/').filter(Boolean).slice(1);
    const [collection, id, action] = parts;
    const expand = list(params.expand).map(String);
    if (method === 'POST' && collection === 'invoices' && id === 'create_preview') return this.preview(params);
    switch (`${method} ${collection}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers':
        return this.createCustomer(params);
      case 'GET customers/:id':
        return this.customer(id!);
      case 'POST customers/:id':
        return this.updateCustomer(id!, params);
      case 'GET customers/:id/payment_methods':
        return this.listOf(
          [...this.paymentMethods.values()].filter((pm) => pm.customer === this.customer(id!).id).sort((a, b) => b.created - a.created).map((pm) => this.publicMethod(pm)),
          params,
          `/v1/customers/${id}/payment_methods`,
        );
      case 'GET payment_methods/:id':
        return this.publicMethod(this.paymentMethod(id!));
      case 'POST payment_methods':
        return this.createPaymentMethod(params);
      case 'POST payment_methods/:id':
        return this.updatePaymentMethod(id!, params);
      case 'POST payment_intents/:id/confirm':
        return this.confirmIntent(id!, params);
      case 'POST payment_methods/:id/attach':
        return this.attach(id!, params);
      case 'POST payment_methods/:id/detach':
        return this.detach(id!);
      case 'GET prices': {
        const keys = list(params.lookup_keys).map(String);
        const prices = [...this.prices.values()].filter((price) => (keys.length === 0 || keys.includes(price.lookup_key)) && (params.active === undefined || String(price.active) === params.active));
        return this.listOf(prices, params, '/v1/prices');
      }
      case 'POST prices':
        return this.createPrice(params);
      case 'POST subscriptions':
        return this.expand(this.createSubscription(params), expand);
      case 'GET subscriptions/:id':
        return this.expand(this.subscription(id!), expand);
      case 'POST subscriptions/:id':
        return this.expand(this.updateSubscription(id!, params), expand);
      case 'POST subscription_schedules':
        return this.createSchedule(params);
      case 'POST subscription_schedules/:id':
        return this.updateSchedule(id!, params);
      case 'POST subscription_schedules/:id/release':
        return this.releaseSchedule(id!);
      case 'GET invoices': {
        const customer = str(params.customer);
        const invoices = [...this.invoices.values()].filter((invoice) => !customer || invoice.customer === customer).sort((a, b) => b.created - a.created || (b.id < a.id ? -1 : 1));
        return this.listOf(invoices, params, '/v1/invoices');
      }
      case 'GET invoices/:id':
        return this.invoice(id!);
      default:
        throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  private listOf(items: Json[], params: FormObject, url: string): Json {
    const limit = num(params.limit) ?? 10;
    const after = str(params.starting_after);
    let start = 0;
    if (after) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw missing('object', after);
      start = index + 1;
    }
    const page = items.slice(start, start + limit);
    return { object: 'list', url, has_more: start + limit < items.length, data: page.map((item) => structuredClone(item)) };
  }

  // Customers

  private createCustomer(params: FormObject): Json {
    const customer = {
      id: this.id('cus'),
      object: 'customer',
      created: this.now(),
      name: str(params.name) ?? null,
      email: str(params.email) ?? null,
      phone: null,
      address: null,
      metadata: mergeMetadata({}, obj(params.metadata)),
      invoice_settings: { default_payment_method: null },
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): Json {
    const customer = this.customers.get(id);
    if (!customer) throw missing('customer', id);
    return customer;
  }

  private updateCustomer(id: string, params: FormObject): Json {
    const customer = this.customer(id);
    if (params.name !== undefined) customer.name = str(params.name) || null;
    if (params.phone !== undefined) customer.phone = str(params.phone) || null;
    if (params.address !== undefined) {
      const address = obj(params.address);
      customer.address = { line1: null, line2: null, city: null, state: null, postal_code: null, country: null, ...Object.fromEntries(Object.entries(address).map(([key, value]) => [key, value === '' ? null : value])) };
    }
    if (params.metadata !== undefined) customer.metadata = mergeMetadata(customer.metadata, obj(params.metadata));
    const settings = obj(params.invoice_settings);
    if (settings.default_payment_method !== undefined) {
      const methodId = str(settings.default_payment_method) || null;
      if (methodId && this.paymentMethod(methodId).customer !== id) throw invalid(`The payment method ${methodId} is not attached to customer ${id}`, 'invoice_settings[default_payment_method]');
      customer.invoice_settings.default_payment_method = methodId;
    }
    return customer;
  }

  // Payment methods

  paymentMethod(id: string): Json {
    const method = this.paymentMethods.get(id);
    if (!method) throw missing('payment_method', id);
    return method;
  }

  private attach(id: string, params: FormObject): Json {
    const customer = this.customer(str(params.customer) ?? '');
    const token = CARD_TOKENS[id];
    if (token) {
      if (token.declinesAttach) throw declined();
      const created = Math.max(this.now(), ...[...this.paymentMethods.values()].map((pm) => pm.created + 1));
      const method = {
        id: this.id('pm'),
        object: 'payment_method',
        type: 'card',
        created,
        customer: customer.id,
        livemode: false,
        metadata: {},
        billing_details: { name: null, email: null, phone: null, address: { line1: null, line2: null, city: null, state: null, postal_code: null, country: null } },
        card: { brand: token.brand, last4: token.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' },
        // Not Stripe's: what the fake charges need to know.
        fake_declines: token.declinesCharges,
      };
      this.paymentMethods.set(method.id, method);
      this.emit('payment_method.attached', method);
      return this.publicMethod(method);
    }
    const method = this.paymentMethod(id);
    if (method.customer && method.customer !== customer.id) throw invalid('This PaymentMethod was previously attached to another customer.');
    if (method.fake_declines_attach) throw declined();
    method.customer = customer.id;
    return this.publicMethod(method);
  }

  /** What Stripe.js's createPaymentMethod asks for: a card not yet attached to any customer. */
  private createPaymentMethod(params: FormObject): Json {
    if (str(params.type) !== 'card') throw invalid('The fake creates card payment methods only', 'type');
    const number = (str(obj(params.card).number) ?? '').replace(/\s/g, '');
    const token = CARD_TOKENS[CARD_NUMBERS[number] ?? ''];
    if (!token) throw new StripeFailure(402, { type: 'card_error', code: 'incorrect_number', param: 'card[number]', message: 'Your card number is incorrect.' });
    const details = obj(params.billing_details);
    const address = obj(details.address);
    const method = {
      id: this.id('pm'),
      object: 'payment_method',
      type: 'card',
      created: Math.max(this.now(), ...[...this.paymentMethods.values()].map((pm) => pm.created + 1)),
      customer: null,
      livemode: false,
      metadata: {},
      billing_details: {
        name: str(details.name) || null,
        email: str(details.email) || null,
        phone: null,
        address: Object.fromEntries(['line1', 'line2', 'city', 'state', 'postal_code', 'country'].map((key) => [key, str(address[key]) || null])),
      },
      card: { brand: token.brand, last4: token.last4, exp_month: num(obj(params.card).exp_month) ?? 12, exp_year: num(obj(params.card).exp_year) ?? new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' },
      fake_declines: token.declinesCharges,
      fake_declines_attach: token.declinesAttach,
    };
    this.paymentMethods.set(method.id, method);
    return this.publicMethod(method);
  }

  /**
   * Stripe.js's confirmCardPayment for an invoice's PaymentIntent (`pi_<invoice>_secret_…`): the
   * charge goes through or is declined as confirmPayment decides, and the answer is the PaymentIntent.
   */
  private confirmIntent(id: string, params: FormObject): Json {
    const invoice = [...this.invoices.values()].find((candidate) => candidate.confirmation_secret?.client_secret?.startsWith(`${id}_secret_`));
    if (!invoice || str(params.client_secret) !== invoice.confirmation_secret.client_secret) throw missing('payment_intent', id);
    const methodId = str(params.payment_method);
    if (methodId) {
      const subscription = this.subscription(invoice.parent.subscription_details.subscription);
      if (this.paymentMethod(methodId).customer !== subscription.customer) throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, 'payment_method');
      subscription.default_payment_method = methodId;
    }
    if (invoice.status !== 'paid') this.confirmPayment(invoice.id);
    const paid = invoice.status === 'paid';
    return {
      id,
      object: 'payment_intent',
      amount: invoice.amount_due,
      currency: 'usd',
      client_secret: invoice.confirmation_secret.client_secret,
      payment_method: methodId ?? null,
      status: paid ? 'succeeded' : 'requires_payment_method',
      last_payment_error: paid ? null : { type: 'card_error', code: 'card_declined', message: DECLINE_MESSAGE },
    };
  }

  private publicMethod(method: Json): Json {
    const { fake_declines: _declines, fake_declines_attach: _attach, ...shown } = method;
    return structuredClone(shown);
  }

  private detach(id: string): Json {
    const method = this.paymentMethod(id);
    const previous = method.customer;
    if (!previous) throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`);
    method.customer = null;
    const customer = this.customers.get(previous);
    if (customer?.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
    this.emit('payment_method.detached', this.publicMethod(method), { customer: previous });
    return this.publicMethod(method);
  }

  private updatePaymentMethod(id: string, params: FormObject): Json {
    const method = this.paymentMethod(id);
    if (params.metadata !== undefined) method.metadata = mergeMetadata(method.metadata, obj(params.metadata));
    const details = obj(params.billing_details);
    if (details.name !== undefined) method.billing_details.name = str(details.name) || null;
    if (details.email !== undefined) method.billing_details.email = str(details.email) || null;
    if (details.address !== undefined) {
      for (const [key, value] of Object.entries(obj(details.address))) method.billing_details.address[key] = value === '' ? null : value;
    }
    return this.publicMethod(method);
  }

  // Prices

  private createPrice(params: FormObject): Json {
    const productData = obj(params.product_data);
    const product = str(params.product) ?? this.id('prod');
    const lookupKey = str(params.lookup_key) ?? null;
    if (lookupKey) {
      for (const price of this.prices.values()) {
        if (price.lookup_key !== lookupKey) continue;
        if (params.transfer_lookup_key !== 'true') throw invalid(`A price (\`${price.id}\`) already uses that lookup key.`, 'lookup_key');
        price.lookup_key = null;
      }
    }
    const price = {
      id: this.id('price'),
      object: 'price',
      active: true,
      created: this.now(),
      currency: str(params.currency) ?? 'usd',
      unit_amount: num(params.unit_amount) ?? 0,
      recurring: { interval: str(obj(params.recurring).interval) ?? 'month', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      lookup_key: lookupKey,
      product,
      nickname: str(productData.name) ?? null,
      metadata: mergeMetadata({}, obj(params.metadata)),
    };
    this.prices.set(price.id, price);
    return price;
  }

  private price(id: string): Json {
    const price = this.prices.get(id);
    if (!price) throw missing('price', id);
    return price;
  }

  // Subscriptions and invoices

  subscription(id: string): Json {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  private expand(subscription: Json, expand: string[]): Json {
    const shown = structuredClone(subscription);
    if (expand.some((path) => path.startsWith('latest_invoice')) && shown.latest_invoice) shown.latest_invoice = structuredClone(this.invoice(shown.latest_invoice));
    if (expand.includes('schedule') && shown.schedule) shown.schedule = structuredClone(this.schedules.get(shown.schedule));
    return shown;
  }

  private chargeableMethod(subscription: Json): Json | null {
    const methodId = subscription.default_payment_method ?? this.customer(subscription.customer).invoice_settings.default_payment_method;
    return methodId ? this.paymentMethod(methodId) : null;
  }

  private createInvoice(subscription: Json, lines: Json[], billingReason: string): Json {
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const id = this.id('in');
    const invoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      number: `FAKE-${String(this.invoices.size + 1).padStart(4, '0')}`,
      created: this.now(),
      currency: 'usd',
      status: 'draft',
      billing_reason: billingReason,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      period_start: this.now(),
      period_end: this.now(),
      hosted_invoice_url: `${this.url}/hosted/${id}`,
      invoice_pdf: null as string | null,
      next_payment_attempt: null,
      confirmation_secret: null as Json | null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: {} } },
      lines: { object: 'list', has_more: false, data: lines },
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  /** Finalizes an invoice: it gets its PDF and, while unpaid, a PaymentIntent's client secret. */
  private finalize(invoice: Json): void {
    invoice.status = 'open';
    invoice.invoice_pdf = `${this.url}/pdf/${invoice.id}.pdf`;
    invoice.confirmation_secret = { type: 'payment_intent', client_secret: `pi_${invoice.id.slice(3)}_secret_${randomBytes(8).toString('hex')}` };
  }

  private pay(invoice: Json): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    this.emit('invoice.paid', invoice);
  }

  private line(price: Json, amount: number, start: number, end: number, description: string): Json {
    return { id: this.id('il'), object: 'line_item', amount, currency: 'usd', description, period: { start, end }, pricing: { price_details: { price: price.id } } };
  }

  private createSubscription(params: FormObject): Json {
    const customer = this.customer(str(params.customer) ?? '');
    const items = list(params.items).map(obj);
    if (items.length !== 1) throw invalid('The fake takes one item per subscription', 'items');
    const price = this.price(str(items[0]!.price) ?? '');
    const start = this.now();
    const end = addMonth(start);
    const methodId = str(params.default_payment_method) ?? null;
    if (methodId && this.paymentMethod(methodId).customer !== customer.id) throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, 'default_payment_method');
    const subscription: Json = {
      id: this.id('sub'),
      object: 'subscription',
      customer: customer.id,
      created: start,
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      default_payment_method: methodId,
      metadata: mergeMetadata({}, obj(params.metadata)),
      schedule: null,
      latest_invoice: null,
      items: { object: 'list', data: [{ id: this.id('si'), object: 'subscription_item', price: structuredClone(price), quantity: 1, current_period_start: start, current_period_end: end }] },
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.createInvoice(subscription, [this.line(price, price.unit_amount, start, end, `1 × ${price.nickname ?? price.id} (at $${price.unit_amount / 100} / month)`)], 'subscription_create');
    invoice.period_start = start;
    invoice.period_end = start;
    this.finalize(invoice);
    subscription.latest_invoice = invoice.id;
    const behavior = str(params.payment_behavior) ?? 'allow_incomplete';
    if (behavior !== 'default_incomplete') {
      const method = this.chargeableMethod(subscription);
      if (!method || method.fake_declines) {
        if (behavior === 'error_if_incomplete') {
          this.subscriptions.delete(subscription.id);
          throw declined();
        }
      } else {
        this.pay(invoice);
        subscription.status = 'active';
      }
    }
    this.emit('customer.subscription.created', subscription);
    return subscription;
  }

  /** What the client's confirmCardPayment and Stripe's processing would do for an open invoice. */
  confirmPayment(invoiceId: string): void {
    const invoice = this.invoice(invoiceId);
    const subscriptionId = invoice.parent.subscription_details.subscription;
    const subscription = this.subscription(subscriptionId);
    const method = this.chargeableMethod(subscription);
    if (!method || method.fake_declines) {
      this.emit('invoice.payment_failed', invoice);
      return;
    }
    this.pay(invoice);
    const previous = { status: subscription.status };
    subscription.status = 'active';
    this.emit('customer.subscription.updated', subscription, previous);
  }

  private updateSubscription(id: string, params: FormObject): Json {
    const subscription = this.subscription(id);
    const previous: Json = {};
    const methodId = params.default_payment_method !== undefined ? str(params.default_payment_method) || null : undefined;
    if (methodId) {
      if (this.paymentMethod(methodId).customer !== subscription.customer) throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, 'default_payment_method');
    }
    const items = list(params.items).map(obj);
    if (items.length > 0) {
      const item = subscription.items.data[0];
      const newPrice = this.price(str(items[0]!.price) ?? '');
      if (str(items[0]!.id) !== item.id) throw invalid('No such subscription item', 'items[0][id]');
      if (newPrice.id !== item.price.id) {
        const now = this.now();
        const behavior = str(params.proration_behavior) ?? 'create_prorations';
        const summary = prorateUpgrade(item.price.unit_amount / 100, newPrice.unit_amount / 100, new Date(item.current_period_end * 1000), new Date(now * 1000));
        if (behavior === 'always_invoice') {
          const lines = [
            this.line(item.price, -toCents(summary.credit), now, item.current_period_end, `Unused time on ${item.price.nickname ?? item.price.id}`),
            this.line(newPrice, toCents(summary.newCharge), now, item.current_period_end, `Remaining time on ${newPrice.nickname ?? newPrice.id}`),
          ];
          const invoice = this.createInvoice(subscription, lines, 'subscription_update');
          invoice.amount_due = Math.max(0, invoice.amount_due);
          invoice.amount_remaining = invoice.amount_due;
          this.finalize(invoice);
          const method = methodId ? this.paymentMethod(methodId) : this.chargeableMethod(subscription);
          if (invoice.amount_due > 0 && (!method || method.fake_declines)) {
            if (str(params.payment_behavior) === 'pending_if_incomplete' || str(params.payment_behavior) === 'error_if_incomplete') {
              invoice.status = 'void';
              throw declined();
            }
            previous.status = subscription.status;
            subscription.status = 'past_due';
          } else {
            this.pay(invoice);
          }
          subscription.latest_invoice = invoice.id;
        }
        previous.items = structuredClone(subscription.items);
        item.price = structuredClone(newPrice);
      }
    }
    if (methodId !== undefined) {
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = methodId;
    }
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    }
    if (params.metadata !== undefined) {
      previous.metadata = structuredClone(subscription.metadata);
      subscription.metadata = mergeMetadata(subscription.metadata, obj(params.metadata));
    }
    this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  // Subscription schedules

  private createSchedule(params: FormObject): Json {
    const subscription = this.subscription(str(params.from_subscription) ?? '');
    if (subscription.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`, 'from_subscription');
    const item = subscription.items.data[0];
    const schedule = {
      id: this.id('sub_sched'),
      object: 'subscription_schedule',
      created: this.now(),
      customer: subscription.customer,
      subscription: subscription.id,
      released_subscription: null as string | null,
      status: 'active',
      end_behavior: 'release',
      metadata: {},
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] }],
    };
    this.schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    this.emit('subscription_schedule.created', schedule);
    return schedule;
  }

  private schedule(id: string): Json {
    const schedule = this.schedules.get(id);
    if (!schedule) throw missing('subscription_schedule', id);
    return schedule;
  }

  private updateSchedule(id: string, params: FormObject): Json {
    const schedule = this.schedule(id);
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    if (params.end_behavior !== undefined) schedule.end_behavior = str(params.end_behavior);
    if (params.metadata !== undefined) schedule.metadata = mergeMetadata(schedule.metadata, obj(params.metadata));
    const phases = list(params.phases).map(obj);
    if (phases.length > 0) {
      let start = num(phases[0]!.start_date) ?? schedule.phases[0].start_date;
      schedule.phases = phases.map((phase) => {
        const duration = obj(phase.duration);
        const end = num(phase.end_date) ?? (duration.interval === 'month' ? addMonth(start) : undefined);
        if (end === undefined) throw invalid('Each phase needs an end_date or a duration', 'phases');
        const prices = list(phase.items).map(obj).map((item) => ({ price: this.price(str(item.price) ?? '').id, quantity: num(item.quantity) ?? 1 }));
        const shaped = { start_date: start, end_date: end, items: prices };
        start = end;
        return shaped;
      });
      schedule.current_phase = { start_date: schedule.phases[0].start_date, end_date: schedule.phases[0].end_date };
    }
    this.emit('subscription_schedule.updated', schedule);
    return schedule;
  }

  private releaseSchedule(id: string): Json {
    const schedule = this.schedule(id);
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    const subscription = this.subscription(schedule.subscription);
    subscription.schedule = null;
    schedule.status = 'released';
    schedule.released_subscription = subscription.id;
    schedule.subscription = null;
    schedule.current_phase = null;
    this.emit('subscription_schedule.released', schedule);
    return schedule;
  }

  /**
   * Moves Stripe's clock to the subscription's period end and does what Stripe does there: the
   * schedule's next phase takes over (and the schedule lets go after its last), a subscription set
   * to cancel ends, any other renews and is invoiced.
   */
  advanceToPeriodEnd(subscriptionId: string): void {
    const subscription = this.subscription(subscriptionId);
    const item = subscription.items.data[0];
    const end = item.current_period_end;
    this.clockOffset += Math.max(0, end - this.now()) + 1;
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.canceled_at = this.now();
      this.emit('customer.subscription.deleted', subscription);
      return;
    }
    const previous = { items: structuredClone(subscription.items) };
    const schedule = subscription.schedule ? this.schedule(subscription.schedule) : null;
    const next = schedule?.phases.find((phase: Json) => phase.start_date >= end);
    if (next) item.price = structuredClone(this.price(next.items[0].price));
    item.current_period_start = end;
    item.current_period_end = addMonth(end);
    const invoice = this.createInvoice(subscription, [this.line(item.price, item.price.unit_amount, end, item.current_period_end, `1 × ${item.price.nickname ?? item.price.id}`)], 'subscription_cycle');
    invoice.period_start = end;
    invoice.period_end = end;
    this.finalize(invoice);
    subscription.latest_invoice = invoice.id;
    const method = this.chargeableMethod(subscription);
    if (method && !method.fake_declines) this.pay(invoice);
    else {
      subscription.status = 'past_due';
      this.emit('invoice.payment_failed', invoice);
    }
    this.emit('customer.subscription.updated', subscription, previous);
    if (schedule && next && schedule.phases.indexOf(next) === schedule.phases.length - 1 && schedule.end_behavior === 'release') {
      subscription.schedule = null;
      schedule.status = 'released';
      schedule.released_subscription = subscription.id;
      schedule.subscription = null;
      this.emit('subscription_schedule.released', schedule);
    }
  }

  invoice(id: string): Json {
    const invoice = this.invoices.get(id);
    if (!invoice) throw missing('invoice', id);
    return invoice;
  }

  /** An invoice still in draft: it has no PDF yet. */
  addDraftInvoice(customerId: string, amount: number): Json {
    const subscription = { id: null, customer: this.customer(customerId).id };
    return this.createInvoice(subscription, [{ id: this.id('il'), object: 'line_item', amount, currency: 'usd', description: 'Draft item', period: { start: this.now(), end: this.now() } }], 'manual');
  }

  private preview(params: FormObject): Json {
    const subscription = this.subscription(str(params.subscription) ?? '');
    if (subscription.status === 'canceled' || subscription.cancel_at_period_end) {
      throw new StripeFailure(404, { type: 'invalid_request_error', code: 'invoice_upcoming_none', message: 'No upcoming invoices for customer' });
    }
    const item = subscription.items.data[0];
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : null;
    const next = schedule?.phases.find((phase: Json) => phase.start_date >= item.current_period_end);
    const price = next ? this.price(next.items[0].price) : item.price;
    const start = item.current_period_end;
    return {
      id: `upcoming_in_${randomBytes(6).toString('hex')}`,
      object: 'invoice',
      customer: subscription.customer,
      amount_due: price.unit_amount,
      currency: 'usd',
      status: 'draft',
      period_start: start,
      period_end: start,
      next_payment_attempt: start + 3600,
      lines: { object: 'list', has_more: false, data: [this.line(price, price.unit_amount, start, addMonth(start), `1 × ${price.nickname ?? price.id}`)] },
    };
  }
}

/** Signs events as Stripe does (`Stripe-Signature: t=…,v1=…`) and posts them to the platform's webhook. */
export async function deliverEvents(platformUrl: string, secret: string, events: Json[], options: { timestamp?: number } = {}): Promise<{ status: number; body: unknown }[]> {
  const signer = new Stripe('sk_test_signer');
  const answers: { status: number; body: unknown }[] = [];
  for (const event of events) {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    const response = await fetch(`${platformUrl}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    const text = await response.text();
    answers.push({ status: response.status, body: text ? JSON.parse(text) : undefined });
  }
  return answers;
}
