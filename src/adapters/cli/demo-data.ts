import type { NoteInput } from '../../application/notes/note-input';

/** Demo members; their passwords are made fresh by each seed. */
export const DEMO_USERS = [
  { username: 'demo_ana', email: 'ana@example.org', name: 'Ana Demo' },
  { username: 'demo_bruno', email: 'bruno@example.org', name: 'Bruno Demo' },
  { username: 'demo_carla', email: 'carla@example.org', name: 'Carla Demo' },
] as const;

const LISBON = { city: 'Lisbon', state: 'Lisboa', country: 'Portugal', isoCountryCode: 'PT' } as const;

/** A place in Lisbon and what a demo user wrote there; `author` indexes DEMO_USERS. */
interface DemoNote extends NoteInput {
  author: number;
}

function at(author: number, latitude: number, longitude: number, neighborhood: string, note: NoteInput): DemoNote {
  return { author, latitude, longitude, neighborhood, ...LISBON, ...note };
}

export const DEMO_NOTES: readonly DemoNote[] = [
  at(0, 38.7116, -9.1302, 'Alfama', { title: 'Miradouro de Santa Luzia', message: 'Tiles, bougainvillea and the river below. Come at sunset. #viewpoint', tags: ['alfama'] }),
  at(0, 38.7139, -9.1335, 'Castelo', { message: 'Castelo de São Jorge: walk the walls early, before the crowds. #viewpoint #history' }),
  at(1, 38.7069, -9.1459, 'Cais do Sodré', { title: 'Time Out Market', message: 'Too busy at lunch; at 4 pm you get a table.\nTry the bifana. #food', tags: ['market'] }),
  at(1, 38.6975, -9.2033, 'Belém', { message: 'Pastéis de Belém, warm, with cinnamon. The queue moves fast. #food #pastry' }),
  at(2, 38.6916, -9.2160, 'Belém', { title: 'Torre de Belém', message: 'Better from the outside than the inside. #history', tags: ['river'] }),
  at(2, 38.6979, -9.2068, 'Belém', { message: 'Jerónimos Monastery cloister: the stone looks like lace. #history #architecture' }),
  at(0, 38.7036, -9.1783, 'Alcântara', { title: 'LX Factory', message: 'Old print works full of shops; the bookshop with the bicycles is the thing to see. #shopping' }),
  at(1, 38.7075, -9.1364, 'Baixa', { message: 'Praça do Comércio opens onto the river: sit on the steps of the Cais das Colunas. #river' }),
  at(2, 38.7122, -9.1394, 'Baixa', { message: 'Elevador de Santa Justa: skip the ride, walk up from Largo do Carmo to the top deck. #viewpoint' }),
  at(0, 38.7190, -9.1325, 'Graça', { title: 'Senhora do Monte', message: 'The highest viewpoint in town, and the quietest. #viewpoint' }),
  at(1, 38.7160, -9.1364, 'Mouraria', { message: 'Tram 28 starts at Martim Moniz: get on here to find a seat. #transport', tags: ['tram'] }),
  at(2, 38.7149, -9.1256, 'São Vicente', { message: 'Feira da Ladra flea market, Tuesdays and Saturdays. #shopping #market' }),
  at(0, 38.7635, -9.0937, 'Parque das Nações', { title: 'Oceanário', message: 'The sunfish alone is worth the ticket. #kids' }),
  at(1, 38.6957, -9.1937, 'Belém', { message: 'MAAT: walk over the roof for the view of the bridge. #architecture #river' }),
  at(2, 38.7138, -9.1596, 'Estrela', { title: 'Jardim da Estrela', message: 'Shady garden with a bandstand and a kiosk café. #park #kids' }),
  at(0, 38.7372, -9.1545, 'Avenidas Novas', { message: 'Gulbenkian garden: ducks, streams and a good museum. #park #museum' }),
  at(1, 38.7139, -9.1384, 'Rossio', { title: 'A Ginjinha', message: 'A shot of cherry liqueur, with or without the cherry. #drinks' }),
  at(2, 38.7155, -9.1442, 'Bairro Alto', { message: 'São Pedro de Alcântara: the castle across the valley, lit at night. #viewpoint' }),
  at(0, 38.7071, -9.1440, 'Cais do Sodré', { message: 'Pink Street after midnight: loud, cheerful, sticky. #nightlife', tags: ['drinks'] }),
  at(0, 38.7124, -9.1278, 'Alfama', { title: 'Spare key', message: 'The spare key is with the neighbour at number 12.', visibility: 'private' }),
];

/** A demo user's notemap; `owner` indexes DEMO_USERS, `notes` index DEMO_NOTES (public notes only). */
export interface DemoNotemap {
  owner: number;
  name: string;
  description: string;
  notes: readonly number[];
}

export const DEMO_NOTEMAPS: readonly DemoNotemap[] = [
  { owner: 0, name: 'Lisbon viewpoints', description: 'Miradouros for every hour of the day.', notes: [0, 1, 8, 9, 17] },
  { owner: 1, name: 'Where to eat and drink', description: 'Bifanas, pastéis and a ginjinha.', notes: [2, 3, 16, 18] },
  { owner: 2, name: 'Belém in a day', description: 'From the monastery to the tower, and a pastel on the way.', notes: [5, 3, 4, 13] },
];

/** A comment a demo user left on a demo note; `author` indexes DEMO_USERS, `note` indexes DEMO_NOTES. */
export interface DemoComment {
  author: number;
  note: number;
  comment: string;
  title?: string;
}

export const DEMO_COMMENTS: readonly DemoComment[] = [
  { author: 1, note: 0, comment: 'Went yesterday: the sunset was worth the climb.' },
  { author: 2, note: 0, title: 'Café', comment: 'The kiosk on the terrace closes at 8, so get your coffee first.' },
  { author: 0, note: 3, title: 'The queue', comment: 'Twenty minutes at 11 on a Saturday; none at all at 9.' },
  { author: 2, note: 16, comment: 'With the cherry, always.' },
  { author: 0, note: 14, comment: 'The kiosk does a good galão too.' },
  { author: 1, note: 12, title: 'Tickets', comment: 'Buy them online: the line at the door is long in August.' },
];
