/**
 * A real DNS server on loopback (UDP, dns2) serving fixture zones: a name listed in `zones`
 * answers its NS records; records published with `setRecords` answer their own name and type; a
 * name under a listed zone answers NOERROR with no records; anything else answers NXDOMAIN. Tests
 * change the zones while it runs.
 */
import dns2 from 'dns2';

const { Packet } = dns2;

/** One published record, in the form the product stores (`value` of MX is the host, `priority` apart). */
export interface FixtureRecord {
  name: string;
  type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'CAA';
  value: string;
  ttl?: number;
  priority?: number;
}

export interface DnsFixture {
  /** host:port, as CRO_DNS_RESOLVER takes it. */
  address: string;
  /** Sets a zone's NS records (an empty list removes the zone). */
  setNameservers(zone: string, nameservers: string[]): void;
  /** Replaces every record of a zone's names (full names in `records`); [] removes them. */
  setRecords(zone: string, records: FixtureRecord[]): void;
  stop(): Promise<void>;
}

const clean = (name: string) => name.toLowerCase().replace(/\.$/, '');

type Answer = (typeof dns2.Packet.prototype.answers)[number];

function answer(name: string, r: FixtureRecord): Answer {
  const base = { name, type: Packet.TYPE[r.type], class: Packet.CLASS.IN, ttl: r.ttl ?? 300 };
  switch (r.type) {
    case 'A':
    case 'AAAA':
      return { ...base, address: r.value } as unknown as Answer;
    case 'CNAME':
      return { ...base, domain: r.value } as unknown as Answer;
    case 'MX':
      return { ...base, exchange: r.value, priority: r.priority ?? 10 } as unknown as Answer;
    case 'TXT':
      return { ...base, data: r.value } as unknown as Answer;
    case 'CAA': {
      const [flags, tag, ...rest] = r.value.split(' ');
      return { ...base, flags: Number(flags), tag, value: rest.join(' ').replace(/^"|"$/g, '') } as unknown as Answer;
    }
  }
}

export async function startDnsServer(initial: Record<string, string[]> = {}): Promise<DnsFixture> {
  const zones = new Map<string, string[]>(Object.entries(initial).map(([k, v]) => [clean(k), v.map(clean)]));
  const records = new Map<string, FixtureRecord[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = clean(question?.name ?? '');
      const ns = zones.get(name);
      const own = [...records.values()].flat().filter((r) => clean(r.name) === name);
      const matching = own.filter((r) => Packet.TYPE[r.type] === question?.type);
      if (matching.length) {
        for (const r of matching) response.answers.push(answer(question!.name, r));
      } else if (ns && question?.type === Packet.TYPE.NS) {
        for (const host of ns)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.NS,
            class: Packet.CLASS.IN,
            ttl: 60,
            ns: host,
          } as unknown as (typeof response.answers)[number]);
      } else if (!ns && !own.length && ![...zones.keys(), ...records.keys()].some((z) => name === z || name.endsWith(`.${z}`))) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      send(response);
    },
  });
  // Port 0: the socket takes a free port as it binds (one chosen free beforehand can be taken first).
  const bound = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (bound as { udp: { port: number } }).udp.port;
  return {
    address: `127.0.0.1:${port}`,
    setRecords(zone, list) {
      if (list.length) records.set(clean(zone), list);
      else records.delete(clean(zone));
    },
    setNameservers(zone, nameservers) {
      if (nameservers.length) zones.set(clean(zone), nameservers.map(clean));
      else zones.delete(clean(zone));
    },
    async stop() {
      await server.close();
    },
  };
}
