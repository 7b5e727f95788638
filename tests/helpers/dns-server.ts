/**
 * A real DNS server on loopback (UDP, dns2) serving fixture zones: a name listed in `zones`
 * answers its NS records; a name under a listed zone answers NOERROR with no records; anything
 * else answers NXDOMAIN. Tests change the zones while it runs.
 */
import dns2 from 'dns2';
import { freePort } from './pocketbase';

const { Packet } = dns2;

export interface DnsFixture {
  /** host:port, as CRO_DNS_RESOLVER takes it. */
  address: string;
  /** Sets a zone's NS records (an empty list removes the zone). */
  setNameservers(zone: string, nameservers: string[]): void;
  stop(): Promise<void>;
}

const clean = (name: string) => name.toLowerCase().replace(/\.$/, '');

export async function startDnsServer(initial: Record<string, string[]> = {}): Promise<DnsFixture> {
  const zones = new Map<string, string[]>(Object.entries(initial).map(([k, v]) => [clean(k), v.map(clean)]));
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = clean(question?.name ?? '');
      const ns = zones.get(name);
      if (ns && question?.type === Packet.TYPE.NS) {
        for (const host of ns)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.NS,
            class: Packet.CLASS.IN,
            ttl: 60,
            ns: host,
          } as unknown as (typeof response.answers)[number]);
      } else if (!ns && ![...zones.keys()].some((z) => name.endsWith(`.${z}`))) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      send(response);
    },
  });
  const port = await freePort();
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${port}`,
    setNameservers(zone, nameservers) {
      if (nameservers.length) zones.set(clean(zone), nameservers.map(clean));
      else zones.delete(clean(zone));
    },
    async stop() {
      await server.close();
    },
  };
}
