// Compact word lists; a few non-ASCII names exercise Unicode handling end to end.

export const FIRST_NAMES: readonly string[] = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
  "Daniel", "Nancy", "Matthew", "Lisa", "Anthony", "Priya", "Mark", "Emily", "Wei", "Aisha",
  "Kenji", "Fatima", "Diego", "Olivia", "Noah", "Amara", "Liam", "Chloe", "Rahul", "Mei",
  "Zoë", "José", "Søren", "Renée", "Björn", "Chloé", "Łukasz", "Ana", "Omar", "Ingrid",
];

export const LAST_NAMES: readonly string[] = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Clark", "Lewis", "Patel", "Kim", "Chen",
  "Okafor", "Yamamoto", "Schmidt", "Rossi", "Cohen", "O'Brien", "McAllister", "Van der Berg", "Nguyễn", "Müller",
  "Søndergaard", "Peña", "Dubois", "Kowalski", "Larsen", "Haddad", "Singh", "Park", "Ivanova", "Abernathy",
];

export const NICKNAMES: Readonly<Record<string, string>> = {
  William: "Bill", Robert: "Bob", Richard: "Dick", Elizabeth: "Liz", Michael: "Mike", Jennifer: "Jen",
  Joseph: "Joe", Thomas: "Tom", Charles: "Chuck", Daniel: "Dan", Matthew: "Matt", Anthony: "Tony",
};

export const STREET_NAMES: readonly string[] = [
  "Main", "Oak", "Maple", "Cedar", "Elm", "Washington", "Lake", "Hill", "Park", "Pine",
  "Sunset", "Highland", "Massachusetts", "Market", "Mission", "Broadway", "Peachtree", "Lincoln", "Jefferson", "Madison",
];

export const STREET_SUFFIXES: readonly string[] = ["St", "Ave", "Blvd", "Rd", "Ln", "Way", "Dr", "Ct", "Pl"];

export const UNIT_PREFIXES: readonly string[] = ["Apt", "Suite", "Unit", "Fl", "#"];

/** [city, state, postal]; several postal codes start with zero on purpose. */
export const US_CITIES: readonly (readonly [string, string, string])[] = [
  ["Cambridge", "MA", "02139"], ["Boston", "MA", "02116"], ["Providence", "RI", "02903"],
  ["Hartford", "CT", "06103"], ["Newark", "NJ", "07102"], ["Portland", "ME", "04101"],
  ["Burlington", "VT", "05401"], ["New York", "NY", "10013"], ["Brooklyn", "NY", "11201"],
  ["Philadelphia", "PA", "19103"], ["Washington", "DC", "20001"], ["Atlanta", "GA", "30309"],
  ["Miami", "FL", "33131"], ["Chicago", "IL", "60611"], ["Austin", "TX", "78701"],
  ["Dallas", "TX", "75201"], ["Denver", "CO", "80202"], ["Salt Lake City", "UT", "84111"],
  ["Phoenix", "AZ", "85004"], ["Seattle", "WA", "98101"], ["Portland", "OR", "97205"],
  ["San Francisco", "CA", "94105"], ["Palo Alto", "CA", "94301"], ["Los Angeles", "CA", "90012"],
  ["San Diego", "CA", "92101"], ["Nashville", "TN", "37203"], ["Minneapolis", "MN", "55401"],
];

/** [city, region or null, postal, ISO country, phone prefix]. */
export const INTERNATIONAL_CITIES: readonly (readonly [string, string | null, string, string, string])[] = [
  ["London", null, "EC1A 1BB", "GB", "+44 20"],
  ["Toronto", "ON", "M5V 2T6", "CA", "+1 416"],
  ["Berlin", null, "10115", "DE", "+49 30"],
  ["Tokyo", "Tokyo", "100-0005", "JP", "+81 3"],
  ["São Paulo", "SP", "01310-100", "BR", "+55 11"],
  ["Singapore", null, "018956", "SG", "+65"],
  ["Zürich", "ZH", "8001", "CH", "+41 44"],
];

export const COMPANY_WORDS: readonly string[] = [
  "Acme", "Bluebird", "Cobalt", "Driftwood", "Ember", "Foxglove", "Granite", "Harbor", "Ironwood", "Juniper",
  "Keystone", "Lumen", "Meridian", "Northstar", "Orchard", "Pinnacle", "Quarry", "Redwood", "Summit", "Tidal",
  "Umbra", "Vantage", "Willow", "Xenon", "Yarrow", "Zephyr", "Atlas", "Beacon", "Cascade", "Delta",
];

export const COMPANY_SUFFIXES: readonly string[] = [
  "Robotics", "Labs", "Health", "Bio", "Energy", "Analytics", "Systems", "Foods", "Logistics", "AI",
  "Therapeutics", "Security", "Payments", "Materials", "Networks",
];

export const ENTITY_WORDS: readonly string[] = [
  "Capital", "Holdings", "Ventures", "Partners", "Investments", "Family Office", "Group", "Equity",
];

export const TRUST_SUBTYPES: Readonly<Record<string, readonly string[]>> = {
  revocable: ["living", "joint living"],
  irrevocable: ["family", "dynasty", "charitable remainder", "life insurance"],
  grantor: ["GRAT", "IDGT", "QPRT"],
};

/** [bank name, SWIFT/BIC]. */
export const US_BANKS: readonly (readonly [string, string])[] = [
  ["JPMorgan Chase Bank, N.A.", "CHASUS33"], ["Bank of America, N.A.", "BOFAUS3N"],
  ["Wells Fargo Bank, N.A.", "WFBIUS6S"], ["Silicon Valley Bank", "SVBKUS6S"],
  ["First Republic Bank", "FRBBUS6S"], ["Citibank, N.A.", "CITIUS33"],
  ["U.S. Bank National Association", "USBKUS44"], ["Mercury / Evolve Bank & Trust", "EVBKUS41"],
  ["Bank of New York Mellon", "IRVTUS3N"], ["PNC Bank, N.A.", "PNCCUS33"],
];

/** [bank name, SWIFT/BIC] keyed by ISO country of the investor's address. */
export const INTERNATIONAL_BANKS: Readonly<Record<string, readonly [string, string]>> = {
  GB: ["Barclays Bank PLC", "BARCGB22"], CA: ["Royal Bank of Canada", "ROYCCAT2"],
  DE: ["Deutsche Bank AG", "DEUTDEFF"], JP: ["MUFG Bank, Ltd.", "BOTKJPJT"],
  BR: ["Itaú Unibanco S.A.", "ITAUBRSP"], SG: ["DBS Bank Ltd.", "DBSSSGSG"],
  CH: ["UBS Switzerland AG", "UBSWCHZH80A"],
};

export const EMAIL_DOMAINS: readonly string[] = [
  "gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "fastmail.com", "example.com",
];

export const ORGANIZATIONS: readonly string[] = [
  "Northwind Ventures", "Halcyon Capital Partners", "Bluestem Angels",
];

export const ROUND_TYPES: readonly string[] = [
  "Pre-Seed", "Seed", "Seed Extension", "Series A", "Series B", "Series C", "Series D", "Growth", "Bridge",
];

export const SECURITY_TYPES: readonly string[] = [
  "Stock", "Preferred Stock", "Common Stock", "Convertible Note", "SAFE", "LLC Units", "Warrant",
];

export const US_STATES_OF_FORMATION: readonly string[] = ["DE", "DE", "DE", "DE", "NY", "CA", "WY", "NV", "TX"];
