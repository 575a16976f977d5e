import type { BrowserContext } from 'playwright-core';
import type { FakeStripe } from './fake-stripe-server';

/**
 * Stripe.js for browser tests, served in place of https://js.stripe.com by Playwright: `Stripe(key)`
 * with the parts the billing screens use. Its card element is a plain input (the tests type Stripe's
 * test card numbers into it); createPaymentMethod and confirmCardPayment post to
 * https://api.stripe.com as Stripe.js does, and `routeStripe` hands those requests to the fake
 * Stripe server, so the payment method the platform attaches is one the fake created.
 */
export const STRIPE_JS_STAND_IN = String.raw`
(() => {
  const API = 'https://api.stripe.com/v1';
  function encode(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) encode(inner, prefix ? prefix + '[' + key + ']' : key, out);
      return out;
    }
    out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    return out;
  }
  function Stripe(key) {
    async function post(path, params) {
      // The key travels in the body, as Stripe.js sends it: a simple request, no CORS preflight.
      const response = await fetch(API + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encode({ ...params, key }, '', []).join('&') });
      return { ok: response.ok, json: await response.json() };
    }
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken() { return Promise.resolve({ error: { message: 'Tokens are not used here' } }); },
      elements() {
        const created = {};
        return {
          create(type) {
            const handlers = {};
            let input = null;
            const fire = (event, payload) => (handlers[event] || []).forEach((handler) => handler(payload));
            const element = {
              elementType: type,
              mount(node) {
                const target = typeof node === 'string' ? document.querySelector(node) : node;
                input = document.createElement('input');
                input.setAttribute('data-testid', 'fake-card-number');
                input.setAttribute('aria-label', 'Card number');
                input.style.width = '100%';
                input.addEventListener('input', () => fire('change', { elementType: type, empty: !input.value, complete: input.value.length >= 16, error: undefined }));
                target.appendChild(input);
                setTimeout(() => fire('ready', { elementType: type }));
              },
              on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
              off(event, handler) { handlers[event] = (handlers[event] || []).filter((known) => known !== handler); return element; },
              update() {},
              unmount() { if (input) input.remove(); },
              destroy() { if (input) input.remove(); delete created[type]; },
              number() { return input ? input.value : ''; },
            };
            created[type] = element;
            return element;
          },
          getElement(kind) { return created[typeof kind === 'string' ? kind : kind.__elementType] || null; },
          update() {},
        };
      },
      async createPaymentMethod({ type, card, billing_details }) {
        const year = new Date().getFullYear() + 3;
        const { ok, json } = await post('/payment_methods', { type, card: { number: card.number(), exp_month: 12, exp_year: year }, billing_details });
        return ok ? { paymentMethod: json } : { error: json.error };
      },
      async confirmCardPayment(clientSecret, data) {
        const intent = clientSecret.split('_secret_')[0];
        const { ok, json } = await post('/payment_intents/' + intent + '/confirm', { client_secret: clientSecret, payment_method: data && data.payment_method });
        if (!ok) return { error: json.error };
        if (json.status !== 'succeeded') return { error: json.last_payment_error, paymentIntent: json };
        return { paymentIntent: json };
      },
    };
  }
  Stripe.version = 'dahlia';
  window.Stripe = Stripe;
})();
`;

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST' };

/**
 * Serves the stand-in for js.stripe.com and forwards api.stripe.com to the fake. `afterCall` runs
 * once the fake has answered and before the browser gets the answer: tests deliver Stripe's
 * webhooks there, as Stripe would right after a confirmed payment.
 */
export async function routeStripe(context: BrowserContext, fake: FakeStripe, afterCall: () => Promise<void> = async () => {}): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  await context.route('https://js.stripe.com/**', async (route) => {
    loads += 1;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STAND_IN });
  });
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(request.url());
    const answer = await fetch(`${fake.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(request.method() === 'POST' ? { body: request.postData() ?? '' } : {}),
    });
    const body = await answer.text();
    await afterCall();
    await route.fulfill({ status: answer.status, headers: { ...CORS, 'content-type': 'application/json' }, body });
  });
  return { scriptLoads: () => loads };
}
