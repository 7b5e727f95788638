// @ts-check
// Applies the password policy to a request body: throws a 400 with the reason on the password
// field, or returns quietly.
module.exports = {
  enforce: function (body, email) {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    /** @type {Record<string, number>} */
    const common = require(`${__hooks}/lib/generated/common_passwords.json`);
    const password = typeof body.password === 'string' ? body.password : '';
    const problem = domain.passwordProblem(password, (p) => common[p] === 1, String(email || body.email || ''));
    if (problem) throw new BadRequestError(problem, { password: new ValidationError('validation_weak_password', problem) });
  },
};
