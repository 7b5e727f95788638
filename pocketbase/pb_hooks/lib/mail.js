// @ts-check
// Mail settings from the environment and the product's own messages.
function env(name, fallback) {
  var v = ($os.getenv(name) || '').trim();
  return v || fallback;
}

var escapeHtml = require(`${__hooks}/lib/escape_html.js`);

module.exports = {
  appName: function () {
    return env('APP_NAME', 'Upliftly');
  },

  /**
   * Copies SMTP_* / MAIL_FROM_* / APP_URL into PocketBase's settings (and so into its own
   * verification and password-reset mails). Without SMTP_HOST the admin UI's SMTP settings stay.
   */
  applySettings: function (app) {
    var config = require(`${__hooks}/lib/billing_config.js`);
    var s = app.settings();
    s.meta.appName = module.exports.appName();
    s.meta.appURL = config.appUrl();
    // The documented default, not PocketBase's preset sender (support@example.com).
    s.meta.senderAddress = env('MAIL_FROM_ADDRESS', 'no-reply@upliftly.se');
    s.meta.senderName = env('MAIL_FROM_NAME', module.exports.appName());
    var host = env('SMTP_HOST', '');
    if (host) {
      var port = parseInt(env('SMTP_PORT', '587'), 10);
      s.smtp.enabled = true;
      s.smtp.host = host;
      s.smtp.port = port > 0 && port < 65536 ? port : 587;
      s.smtp.username = env('SMTP_USERNAME', '');
      s.smtp.password = env('SMTP_PASSWORD', '');
      s.smtp.tls = /^(1|true|yes)$/i.test(env('SMTP_TLS', port === 465 ? 'true' : 'false'));
    }
    app.save(s);
  },

  /** The sales inbox told about each demo request (SALES_EMAIL; none when unset). */
  salesEmail: function () {
    return env('SALES_EMAIL', '');
  },

  /** Tells the sales inbox about a demo request; replying goes to the requester. */
  demoNotice: function (app, request) {
    var meta = app.settings().meta;
    var lines = [
      'Name: ' + request.name,
      'Work email: ' + request.email,
      'Company: ' + request.company,
      'Website: ' + (request.website || '-'),
      'Monthly visitors: ' + (request.monthly_visitors || '-'),
      '',
      request.message || '',
    ];
    return new MailerMessage({
      from: { address: meta.senderAddress, name: meta.senderName },
      to: [{ address: module.exports.salesEmail() }],
      headers: { 'Reply-To': request.email },
      subject: 'Demo request: ' + request.company,
      text: lines.join('\n'),
      html: '<p>' + lines.map(escapeHtml).join('<br>') + '</p>',
    });
  },

  /** The welcome mail: greets the user by the part of the email before the at sign. */
  welcomeMessage: function (app, email) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var config = require(`${__hooks}/lib/billing_config.js`);
    var name = domain.nameFromEmail(email);
    var product = module.exports.appName();
    var dashboard = config.appUrl() + '/dashboard';
    var meta = app.settings().meta;
    return new MailerMessage({
      from: { address: meta.senderAddress, name: meta.senderName },
      to: [{ address: email }],
      subject: 'Welcome to ' + product + ', ' + name + '!',
      html:
        '<p>Hi ' +
        escapeHtml(name) +
        ',</p>' +
        '<p>Welcome to ' +
        escapeHtml(product) +
        '! Your account is ready.</p>' +
        '<p>Add your website, paste one script tag, and run your first free CRO scan: most sites see their first results in under 48 hours.</p>' +
        '<p><a href="' +
        escapeHtml(dashboard) +
        '">Open your dashboard</a></p>' +
        '<p>Questions? Just reply to this email.</p>' +
        '<p>The ' +
        escapeHtml(product) +
        ' team</p>',
      text:
        'Hi ' +
        name +
        ',\n\nWelcome to ' +
        product +
        '! Your account is ready.\n\n' +
        'Add your website, paste one script tag, and run your first free CRO scan: most sites see their first results in under 48 hours.\n\n' +
        'Open your dashboard: ' +
        dashboard +
        '\n\nQuestions? Just reply to this email.\n\nThe ' +
        product +
        ' team\n',
    });
  },
};
