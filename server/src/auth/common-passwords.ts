/**
 * The most common passwords and the words they are built from (from the public breach-corpus top lists),
 * lower-cased, plus this studio's own obvious words. A password is refused when it is one of them, or is one
 * of them with digits and symbols around it or common letter swaps ("P@ssw0rd2024!", "Summer1!"): the spec's
 * character rules alone accept those, and they are the first guesses of every attack.
 */
const WORDS = `
123456 123456789 12345678 1234567 12345 1234567890 111111 123123 000000 654321 666666 121212 112233
987654321 123321 7777777 1q2w3e4r 1q2w3e 1qaz2wsx qwerty qwertyuiop qwerty123 qwe123 asdfgh asdfghjkl
zxcvbnm zxcvbn azerty qazwsx password passw0rd password1 password12 password123 passwort pass pass123
letmein welcome welcome1 admin administrator admin123 root toor login guest master hello hello123 iloveyou
iloveu lovely love loveme princess monkey dragon sunshine shadow football baseball basketball soccer hockey
superman batman spiderman pokemon starwars trustno1 whatever freedom secret secret123 abc123 abcdef abcd1234
aa123456 a123456 default changeme changeit temp temp123 test test123 testing user user123 demo demo123
michael jennifer jordan jessica ashley daniel charlie thomas robert matthew andrew joshua hunter ranger
buster tigger ginger pepper maggie bailey sophie chelsea arsenal liverpool manchester barcelona juventus
mustang ferrari porsche harley yamaha corvette mercedes cookie cheese banana orange apple summer winter
spring autumn flower flowers butterfly angel angels jesus christ blessed blessing faith heaven god
computer internet samsung google microsoft windows linux apple iphone android nokia facebook instagram
whatsapp twitter youtube netflix money dollar business success office company family friends friend
sunflower diamond silver golden gold killer hacker ninja matrix phoenix falcon eagle tiger lion wolf
bulldog dolphin horse donkey rabbit kitten puppy doggy monkey1 blink182 metallica nirvana eminem
babygirl baby darling sweetheart sweety honey cutie beautiful princess1 qwerty1 welcome123 letmein1
access access14 security secure private master1 superuser supervisor manager system server database
oracle mysql postgres backup office365 outlook zaq12wsx zaq1zaq1 qweasdzxc asdf1234 asdf qwer1234
1234qwer 1234abcd abcd abc 123abc q1w2e3r4 q1w2e3r4t5 1q2w3e4r5t 11111111 12341234 55555 99999999
88888888 00000000 147258369 159753 741852963 789456123 147258 369258147 a1b2c3 a1b2c3d4 passpass
lakers chicago london paris berlin newyork america canada africa kenya nigeria ghana zambia zimbabwe
tanzania malawi lilongwe blantyre zomba mzuzu kwacha chichewa atelier architect architecture architects
design designer studio interior building house home estate project projects portfolio drawing
welcome2020 welcome2021 welcome2022 welcome2023 welcome2024 welcome2025 welcome2026 january february
march april june july august september october november december monday friday sunday weekend
holiday vacation christmas easter birthday family1 mother father mommy daddy sister brother children
football1 soccer1 princesa tequiero teamo amor amore bonjour ciao hola salut merci gracias
pa55word pa55w0rd passw0rd1 p455w0rd adm1n r00t l0gin w3lcome s3cret m0nkey dr4gon sh4dow
`;

const LIST = new Set(WORDS.split(/\s+/).filter(Boolean));

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '5': 's',
  $: 's',
  '7': 't',
};
const unleet = (text: string) => text.replace(/[@40135$7]/g, (c) => LEET[c] ?? c);

/** True for one of the listed passwords, or a listed word dressed with digits, symbols and letter swaps. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (LIST.has(lower)) return true;
  // The word inside a run of digits and symbols at either end ("!Summer2024", "P@ssw0rd1!").
  const core = lower.replace(/^[^a-z@$]+/, '').replace(/[^a-z]+$/, '');
  if (core.length < 3) return false;
  return LIST.has(core) || LIST.has(unleet(core)) || LIST.has(unleet(lower));
}
