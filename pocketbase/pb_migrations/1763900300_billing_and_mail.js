// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Accounts and payments: each user's subscription, pending checkouts, processed Stripe events
// (idempotency), a hidden client address on demo requests (rate limit), and the users' mail
// templates pointing at the site's own confirmation pages, and a 6-character password minimum.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const AUTH = '@request.auth.id != ""';
    const created = { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false };
    const updated = { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true };
    const userRel = { name: 'user_id', type: 'relation', collectionId: users.id, maxSelect: 1, required: true, cascadeDelete: true };
    const tiers = { name: 'plan_tier', type: 'select', values: ['free', 'starter', 'growth', 'enterprise'], maxSelect: 1 };

    // One row per paying (or formerly paying) user; only the server writes it.
    app.save(
      new Collection(
        /** @type {CollectionJSON} */ ({
          type: 'base',
          name: 'subscriptions',
          listRule: `${AUTH} && user_id = @request.auth.id`,
          viewRule: `${AUTH} && user_id = @request.auth.id`,
          fields: [
            userRel,
            tiers,
            { name: 'subscription_status', type: 'text', max: 50 },
            { name: 'stripe_customer_id', type: 'text', max: 255, hidden: true },
            { name: 'stripe_subscription_id', type: 'text', max: 255, hidden: true },
            created,
            updated,
          ],
          indexes: [
            'CREATE UNIQUE INDEX idx_subscriptions_user_id ON subscriptions (user_id)',
            'CREATE INDEX idx_subscriptions_customer ON subscriptions (stripe_customer_id)',
            'CREATE INDEX idx_subscriptions_subscription ON subscriptions (stripe_subscription_id)',
          ],
        }),
      ),
    );

    // Checkout sessions the server opened: which user asked for which plan at which price.
    app.save(
      new Collection(
        /** @type {CollectionJSON} */ ({
          type: 'base',
          name: 'stripe_checkouts',
          fields: [
            userRel,
            { name: 'plan_tier', type: 'select', values: ['starter', 'growth', 'enterprise'], maxSelect: 1, required: true },
            { name: 'price_id', type: 'text', max: 255, required: true },
            { name: 'session_id', type: 'text', max: 255, required: true },
            { name: 'status', type: 'select', values: ['open', 'completed'], maxSelect: 1 },
            created,
            updated,
          ],
          indexes: [
            'CREATE UNIQUE INDEX idx_stripe_checkouts_session ON stripe_checkouts (session_id)',
            'CREATE INDEX idx_stripe_checkouts_user ON stripe_checkouts (user_id)',
          ],
        }),
      ),
    );

    // Every webhook event applied once: a replay finds its id here and changes nothing.
    app.save(
      new Collection(
        /** @type {CollectionJSON} */ ({
          type: 'base',
          name: 'stripe_events',
          fields: [
            { name: 'event_id', type: 'text', max: 255, required: true },
            { name: 'type', type: 'text', max: 100, required: true },
            { name: 'outcome', type: 'text', max: 500 },
            created,
          ],
          indexes: ['CREATE UNIQUE INDEX idx_stripe_events_event_id ON stripe_events (event_id)'],
        }),
      ),
    );

    const demo = app.findCollectionByNameOrId('demo_requests');
    demo.fields.add(new TextField({ name: 'client_ip', max: 64, hidden: true }));
    demo.addIndex('idx_demo_requests_client_ip', false, 'client_ip, created_at', '');
    app.save(demo);

    // The product's sign-up asks for at least 6 characters (PocketBase's default is 8).
    users.fields.getByName('password').min = 6;

    users.verificationTemplate.subject = 'Verify your {APP_NAME} email';
    users.verificationTemplate.body =
      '<p>Hello,</p>\n<p>Thank you for joining {APP_NAME}. Click the button below to verify your email address.</p>\n' +
      '<p><a class="btn" href="{APP_URL}/auth/verify?token={TOKEN}" target="_blank" rel="noopener">Verify</a></p>\n' +
      '<p>Thanks,<br/>\n{APP_NAME} team</p>';
    users.resetPasswordTemplate.subject = 'Reset your {APP_NAME} password';
    users.resetPasswordTemplate.body =
      '<p>Hello,</p>\n<p>Click the button below to choose a new password.</p>\n' +
      '<p><a class="btn" href="{APP_URL}/auth/reset-password?token={TOKEN}" target="_blank" rel="noopener">Reset password</a></p>\n' +
      "<p><i>If you didn't ask to reset your password, you can ignore this email.</i></p>\n" +
      '<p>Thanks,<br/>\n{APP_NAME} team</p>';
    app.save(users);
  },
  (app) => {
    for (const n of ['stripe_events', 'stripe_checkouts', 'subscriptions']) {
      try {
        app.delete(app.findCollectionByNameOrId(n));
      } catch (_) {
        // already gone
      }
    }
    const demo = app.findCollectionByNameOrId('demo_requests');
    demo.fields.removeByName('client_ip');
    demo.removeIndex('idx_demo_requests_client_ip');
    app.save(demo);
  },
);
