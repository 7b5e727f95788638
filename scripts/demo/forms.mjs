// A few of the demo's visits filling the demo shop's checkout form, as the forms chunk
// (src/forms) would post them to /api/cro/forms: most submit, some give up at the phone or card
// field, one refills the phone. Each view's id comes from its session, so a re-run replaces them.
const FIELDS = [
  ['name', 'Full name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['card', 'Card number'],
];

/** One visit's form view: fields touched up to `upTo` (its last), submitted or not. */
function formView(job, i) {
  const abandonAt = i % 5 === 3 ? 2 : i % 5 === 4 ? 4 : -1;
  const upTo = abandonAt >= 0 ? abandonAt : FIELDS.length - 1;
  const fl = FIELDS.map(([k, l], n) => ({
    k,
    l,
    t: n <= upTo ? 2000 + ((i * 700 + n * 1300) % 6000) : 0,
    h: n <= upTo ? 300 + ((i * 200 + n * 450) % 2500) : 0,
    r: k === 'phone' && i % 4 === 1 ? 1 : 0,
    e: k === 'email' && i % 6 === 2 ? 1 : 0,
    o: n <= upTo ? n + 1 : 0,
  }));
  return {
    id: `${job.session}f`.replace(/[^a-z0-9]/g, '').slice(0, 40),
    sel: 'form#checkout-form',
    p: '/checkout',
    st: true,
    sb: abandonAt < 0,
    lf: FIELDS[upTo][0],
    fl,
  };
}

/** Posts the form views of the given visits; answers how many were sent. */
export async function postFormViews({ url, origin, key, jobs }) {
  let sent = 0;
  for (const [i, job] of jobs.entries()) {
    const res = await fetch(`${url}/api/cro/forms?k=${key}&s=${job.session}&v=${job.visitor}`, {
      method: 'POST',
      body: JSON.stringify({ f: [formView(job, i)] }),
      headers: { Origin: origin, 'User-Agent': job.ua, 'Content-Type': 'text/plain' },
    });
    if (!res.ok) throw new Error(`forms answered ${res.status}: ${await res.text()}`);
    sent++;
  }
  return sent;
}
