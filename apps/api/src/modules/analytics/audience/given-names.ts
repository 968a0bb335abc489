/**
 * Popular given names by country, gender and birth era, for persona titles (docs/analytics-methods.md §3, after
 * APG's country-, gender- and age-appropriate names). Ten per cell, roughly in order of popularity, after the
 * national statistics offices' rankings (US SSA, ONS, INE, ISTAT, INSEE, Destatis and similar; JP, KR and IN
 * from widely reported rankings). Written from those sources' well-known top lists, not yet checked cell by
 * cell: verify before quoting a rank. Three eras rather than single decades keep the table small; a
 * persona's era comes from the midpoint of its age band. Covers every country of the sample vocabulary.
 *
 * Each string holds ten space-separated names (no name contains a space).
 */

export type NameEra = "1950-1969" | "1970-1989" | "1990-2010";
type Cell = Record<NameEra, string>;

const table = (female: Cell, male: Cell) => ({ female, male });

export const GIVEN_NAMES: Record<string, { female: Cell; male: Cell }> = {
  US: table(
    {
      "1950-1969": "Mary Linda Patricia Susan Deborah Barbara Debra Karen Nancy Donna",
      "1970-1989": "Jennifer Jessica Amanda Ashley Sarah Melissa Michelle Amy Heather Stephanie",
      "1990-2010": "Emily Emma Madison Olivia Hannah Abigail Isabella Samantha Sophia Ava",
    },
    {
      "1950-1969": "James Michael Robert John David William Richard Thomas Mark Charles",
      "1970-1989": "Michael Christopher Jason David James John Robert Brian Matthew Daniel",
      "1990-2010": "Jacob Michael Joshua Matthew Ethan Andrew Daniel Anthony Christopher Tyler",
    },
  ),
  GB: table(
    {
      "1950-1969": "Susan Linda Christine Margaret Janet Patricia Carol Elizabeth Mary Anne",
      "1970-1989": "Sarah Claire Emma Laura Lisa Nicola Rebecca Joanne Michelle Helen",
      "1990-2010": "Olivia Emily Jessica Sophie Chloe Amelia Lucy Ellie Grace Charlotte",
    },
    {
      "1950-1969": "David John Peter Michael Stephen Paul Robert Richard Alan Ian",
      "1970-1989": "Paul Mark David Andrew Richard Christopher James Daniel Matthew Stephen",
      "1990-2010": "Jack Thomas Oliver Joshua Harry James William Daniel Samuel Charlie",
    },
  ),
  DE: table(
    {
      "1950-1969": "Ursula Monika Petra Sabine Renate Karin Brigitte Gabriele Elke Andrea",
      "1970-1989": "Stefanie Nicole Julia Katrin Sandra Melanie Anja Christina Daniela Claudia",
      "1990-2010": "Lena Anna Laura Lea Hannah Sarah Leonie Julia Lara Marie",
    },
    {
      "1950-1969": "Peter Wolfgang Klaus Michael Thomas Jürgen Hans Uwe Bernd Manfred",
      "1970-1989": "Christian Stefan Markus Alexander Daniel Thomas Sebastian Tobias Jan Michael",
      "1990-2010": "Lukas Jonas Leon Finn Luca Tim Paul Niklas Felix Maximilian",
    },
  ),
  FR: table(
    {
      "1950-1969": "Martine Nathalie Isabelle Sylvie Catherine Françoise Christine Monique Brigitte Nicole",
      "1970-1989": "Céline Stéphanie Aurélie Julie Émilie Sandrine Laetitia Caroline Audrey Élodie",
      "1990-2010": "Léa Manon Chloé Camille Emma Inès Sarah Clara Jade Lucie",
    },
    {
      "1950-1969": "Philippe Michel Alain Patrick Jean Christian Daniel Bernard Gérard Pierre",
      "1970-1989": "Nicolas Sébastien Julien Christophe Stéphane Frédéric Mathieu Guillaume David Olivier",
      "1990-2010": "Lucas Hugo Thomas Théo Nathan Louis Enzo Maxime Gabriel Mathis",
    },
  ),
  ES: table(
    {
      "1950-1969": "María Carmen Pilar Dolores Josefa Isabel Rosa Ana Antonia Teresa",
      "1970-1989": "Cristina Laura Marta Raquel Silvia Elena Sonia Beatriz Patricia Eva",
      "1990-2010": "Lucía Paula Sara Alba Claudia Carla Marina Andrea Daniela Irene",
    },
    {
      "1950-1969": "Antonio José Manuel Francisco Juan Javier Miguel Rafael Fernando Luis",
      "1970-1989": "David Javier Daniel Sergio Carlos Jorge Alberto Pablo Rubén Iván",
      "1990-2010": "Hugo Pablo Alejandro Álvaro Adrián Mario Diego Daniel Lucas Javier",
    },
  ),
  IT: table(
    {
      "1950-1969": "Maria Anna Giuseppina Rosa Giovanna Patrizia Antonella Paola Lucia Franca",
      "1970-1989": "Francesca Federica Valentina Chiara Silvia Elisa Sara Laura Alessandra Roberta",
      "1990-2010": "Giulia Sofia Martina Aurora Chiara Alice Giorgia Sara Emma Gaia",
    },
    {
      "1950-1969": "Giuseppe Giovanni Antonio Mario Luigi Francesco Roberto Franco Bruno Paolo",
      "1970-1989": "Andrea Marco Alessandro Luca Matteo Stefano Davide Simone Francesco Fabio",
      "1990-2010": "Francesco Alessandro Lorenzo Leonardo Mattia Andrea Gabriele Matteo Tommaso Riccardo",
    },
  ),
  NL: table(
    {
      "1950-1969": "Maria Johanna Anna Wilhelmina Cornelia Elisabeth Hendrika Ingrid Marianne Annemarie",
      "1970-1989": "Linda Sandra Marieke Esther Mirjam Anouk Kim Nicole Saskia Monique",
      "1990-2010": "Emma Sophie Julia Lisa Anna Sanne Fleur Eva Lotte Tess",
    },
    {
      "1950-1969": "Johannes Cornelis Hendrik Jan Pieter Gerrit Willem Jacobus Henk Kees",
      "1970-1989": "Mark Dennis Jeroen Martijn Michel Erik Bas Sander Rick Patrick",
      "1990-2010": "Daan Sem Lucas Levi Thomas Bram Milan Jesse Finn Ruben",
    },
  ),
  SE: table(
    {
      "1950-1969": "Eva Kerstin Birgitta Ingrid Margareta Karin Marie Anna Lena Ulla",
      "1970-1989": "Anna Maria Sara Emma Linda Jenny Johanna Malin Sofia Elin",
      "1990-2010": "Emma Maja Ella Alice Wilma Julia Ebba Elsa Alva Moa",
    },
    {
      "1950-1969": "Lars Anders Per Karl Bo Jan Peter Hans Göran Leif",
      "1970-1989": "Johan Andreas Daniel Mikael Fredrik Patrik Marcus Erik Niklas Stefan",
      "1990-2010": "William Lucas Oscar Elias Hugo Liam Alexander Oliver Adam Filip",
    },
  ),
  DK: table(
    {
      "1950-1969": "Hanne Susanne Lene Jette Kirsten Bente Inge Anne Karen Lone",
      "1970-1989": "Mette Camilla Louise Maria Charlotte Julie Christina Sanne Stine Line",
      "1990-2010": "Emma Ida Freja Clara Sofia Laura Anna Mathilde Alberte Ella",
    },
    {
      "1950-1969": "Jens Niels Hans Peter Søren Lars Ole Jørgen Henrik Poul",
      "1970-1989": "Thomas Martin Michael Rasmus Jesper Christian Anders Kasper Jacob Mads",
      "1990-2010": "William Noah Lucas Oliver Victor Emil Magnus Frederik Oscar Malthe",
    },
  ),
  IE: table(
    {
      "1950-1969": "Mary Margaret Catherine Bridget Anne Patricia Kathleen Eileen Maureen Teresa",
      "1970-1989": "Sinéad Niamh Siobhán Aoife Claire Sarah Louise Emma Ciara Deirdre",
      "1990-2010": "Emily Sophie Emma Grace Ava Aoife Ella Chloe Sarah Lucy",
    },
    {
      "1950-1969": "John Patrick Michael Thomas James Joseph Brendan Seamus Liam Declan",
      "1970-1989": "Sean David Brian Mark Paul Stephen Declan Niall Conor Kevin",
      "1990-2010": "Jack James Sean Conor Daniel Adam Luke Cian Oisín Ryan",
    },
  ),
  CA: table(
    {
      "1950-1969": "Susan Linda Karen Nancy Diane Barbara Donna Debbie Brenda Carol",
      "1970-1989": "Jennifer Melissa Amanda Sarah Jessica Stephanie Nicole Michelle Kimberly Lisa",
      "1990-2010": "Emma Olivia Emily Sarah Hannah Madison Jessica Chloé Sophia Ava",
    },
    {
      "1950-1969": "Robert John David Michael Richard Paul Brian Ronald Kenneth Gary",
      "1970-1989": "Michael Christopher Jason David Matthew Kevin Ryan Daniel Andrew Jonathan",
      "1990-2010": "Liam Ethan Noah Jacob William Lucas Benjamin Nathan Owen Logan",
    },
  ),
  AU: table(
    {
      "1950-1969": "Susan Margaret Jennifer Julie Karen Helen Wendy Christine Lynette Kerry",
      "1970-1989": "Sarah Rebecca Jessica Kylie Melissa Nicole Lisa Emma Michelle Kate",
      "1990-2010": "Charlotte Olivia Chloe Emily Ruby Mia Isla Sophie Ava Grace",
    },
    {
      "1950-1969": "Peter John David Robert Michael Stephen Graham Ian Greg Wayne",
      "1970-1989": "Matthew Daniel Andrew Ben Luke Michael Adam James Nathan Jason",
      "1990-2010": "Jack Oliver William Noah Thomas Lachlan Liam Ethan Cooper Riley",
    },
  ),
  NZ: table(
    {
      "1950-1969": "Margaret Susan Christine Judith Helen Raewyn Robyn Janet Gillian Jennifer",
      "1970-1989": "Sarah Rachel Nicola Melissa Kate Rebecca Emma Anna Amanda Hayley",
      "1990-2010": "Olivia Charlotte Isla Amelia Sophie Ruby Emily Ella Aroha Grace",
    },
    {
      "1950-1969": "Peter John David Graham Ian Brian Murray Kevin Grant Bruce",
      "1970-1989": "Michael Daniel Matthew James Andrew Ben Nathan Hamish Jason Craig",
      "1990-2010": "Oliver Jack William Noah Liam James Lucas Hunter Thomas Nikau",
    },
  ),
  BR: table(
    {
      "1950-1969": "Maria Ana Francisca Antônia Rita Sônia Márcia Regina Vera Lúcia",
      "1970-1989": "Juliana Patrícia Fernanda Adriana Aline Camila Luciana Vanessa Renata Daniela",
      "1990-2010": "Júlia Beatriz Larissa Gabriela Letícia Mariana Isabela Amanda Bruna Laura",
    },
    {
      "1950-1969": "José João Antônio Francisco Carlos Paulo Luiz Pedro Sebastião Manoel",
      "1970-1989": "Marcelo Rodrigo Fábio Anderson Leandro Eduardo Alexandre Ricardo Rafael Thiago",
      "1990-2010": "Lucas Gabriel Matheus Pedro Guilherme Gustavo Rafael Felipe Enzo Davi",
    },
  ),
  MX: table(
    {
      "1950-1969": "María Guadalupe Rosa Margarita Patricia Leticia Silvia Martha Teresa Elena",
      "1970-1989": "Adriana Claudia Verónica Gabriela Alejandra Mónica Araceli Karina Erika Laura",
      "1990-2010": "Ximena Valeria Fernanda Camila Sofía Daniela Andrea Mariana Regina Renata",
    },
    {
      "1950-1969": "José Juan Jesús Antonio Francisco Manuel Pedro Miguel Roberto Jorge",
      "1970-1989": "Alejandro Jorge Eduardo Ricardo Fernando Carlos Luis Arturo Víctor Sergio",
      "1990-2010": "Santiago Diego Sebastián Emiliano Leonardo Mateo Daniel Alejandro Ángel Luis",
    },
  ),
  JP: table(
    {
      "1950-1969": "Keiko Yoko Kazuko Michiko Sachiko Yukiko Junko Kyoko Naoko Akemi",
      "1970-1989": "Yuko Tomoko Mayumi Megumi Kumiko Ayumi Yumiko Emi Kaori Mika",
      "1990-2010": "Yui Sakura Aoi Misaki Haruka Nanami Rin Hina Yuna Airi",
    },
    {
      "1950-1969": "Hiroshi Takashi Makoto Kazuo Minoru Shigeru Osamu Kenji Akira Yutaka",
      "1970-1989": "Daisuke Takuya Kenta Naoki Tetsuya Kazuya Hiroyuki Tomoya Shota Yusuke",
      "1990-2010": "Haruto Sota Yuto Ren Riku Yuki Kaito Hayato Takumi Sho",
    },
  ),
  KR: table(
    {
      "1950-1969":
        "Young-ja Jung-sook Mi-kyung Kyung-hee Sun-hee Eun-young Young-hee Myung-ja Mi-sook Hye-kyung",
      "1970-1989": "Ji-young Eun-jung Hyun-jung Mi-young Ji-hye Eun-ji Su-jin Hye-jin Yoon-jung Jung-eun",
      "1990-2010": "Seo-yeon Min-seo Ji-woo Seo-yun Ha-eun Ji-min Yu-jin Soo-ah Ye-eun Da-eun",
    },
    {
      "1950-1969":
        "Young-soo Young-ho Sung-ho Jung-ho Kwang-soo Sang-chul Young-chul Jong-soo Dong-hyun Myung-soo",
      "1970-1989": "Ji-hoon Sung-min Hyun-woo Jun-ho Jae-hyun Sang-hoon Min-soo Jin-woo Seung-hyun Dong-hoon",
      "1990-2010": "Min-jun Seo-jun Do-yun Ye-jun Si-woo Ha-jun Ji-ho Joo-won Jun-woo Hyun-woo",
    },
  ),
  IN: table(
    {
      "1950-1969": "Sunita Anita Geeta Kamala Lakshmi Savita Usha Asha Meena Shanti",
      "1970-1989": "Priya Pooja Neha Anjali Deepika Kavita Swati Rekha Divya Shweta",
      "1990-2010": "Aditi Ananya Diya Isha Kavya Riya Saanvi Shreya Tanvi Aaradhya",
    },
    {
      "1950-1969": "Ramesh Suresh Rajesh Mahesh Ashok Vijay Anil Sunil Prakash Ravi",
      "1970-1989": "Amit Rahul Sanjay Vikas Manoj Deepak Rohit Sandeep Ajay Vivek",
      "1990-2010": "Aarav Arjun Vihaan Aditya Rohan Ishaan Kabir Reyansh Vivaan Krish",
    },
  ),
};

/** For personas whose gender is mixed; names in common use for any gender across the sample's markets. */
export const NEUTRAL_NAMES =
  "Alex Sam Charlie Robin Jordan Taylor Jamie Kim Sasha Noa Eden Ariel Morgan Riley Quinn Avery Dominique Yuki Hikaru Andy".split(
    " ",
  );

/** Countries outside the table (and the "other" bucket) borrow the largest English-speaking market's names. */
export const FALLBACK_NAME_COUNTRY = "US";

export function nameEra(birthYear: number): NameEra {
  if (birthYear < 1970) return "1950-1969";
  if (birthYear < 1990) return "1970-1989";
  return "1990-2010";
}

export function givenNames(country: string, gender: "female" | "male", era: NameEra): string[] {
  const row = GIVEN_NAMES[country] ?? GIVEN_NAMES[FALLBACK_NAME_COUNTRY];
  return row ? row[gender][era].split(" ") : [];
}
