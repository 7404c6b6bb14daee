// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), which the test machines cannot
// reach: e2e/subscribe-payment.spec.ts serves it in place of the real script (page.route). It plays what
// @stripe/stripe-js and @stripe/react-stripe-js call: Stripe(key) with elements() whose Payment Element
// mounts a labelled card field, and confirmSetup/confirmPayment, which go to return_url as Stripe does
// after a confirmation, or answer Stripe's decline for the test card 4000 0000 0000 0002.
(() => {
  const DECLINED = '4000000000000002';
  function paymentElement() {
    const listeners = {};
    return {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        const label = document.createElement('label');
        label.className = 'stripe-stand-in';
        label.textContent = 'Card number';
        const input = document.createElement('input');
        input.name = 'cardnumber';
        input.inputMode = 'numeric';
        input.autocomplete = 'cc-number';
        label.appendChild(input);
        node.replaceChildren(label);
        setTimeout(() => (listeners.ready ?? []).forEach((cb) => cb({ elementType: 'payment' })));
      },
      on(event, cb) {
        (listeners[event] ??= []).push(cb);
        return this;
      },
      off() {
        return this;
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      unmount() {},
      destroy() {},
    };
  }
  function Stripe(publishableKey) {
    if (!/^pk_/.test(publishableKey)) throw new Error('Stripe stand-in: not a publishable key');
    const confirm = async ({ confirmParams }) => {
      const card = document.querySelector('.stripe-stand-in input')?.value.replace(/\s/g, '') ?? '';
      if (card === DECLINED) return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
      window.location.assign(confirmParams.return_url);
      return new Promise(() => {});
    };
    return {
      _registerWrapper() {},
      elements() {
        return { create: paymentElement, getElement: () => null, update() {}, submit: async () => ({}), fetchUpdates: async () => ({}) };
      },
      confirmSetup: confirm,
      confirmPayment: confirm,
      // What @stripe/react-stripe-js checks to know a Stripe object (isStripe); the app calls none of them.
      createToken: async () => ({ error: { message: 'not in the stand-in' } }),
      createPaymentMethod: async () => ({ error: { message: 'not in the stand-in' } }),
      confirmCardPayment: async () => ({ error: { message: 'not in the stand-in' } }),
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
