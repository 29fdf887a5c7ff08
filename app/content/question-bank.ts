// Question Bank is static (spec §2: subjects carry question counts 500, 400 and 450).
export interface QuestionBankSubject {
  name: string;
  questions: number;
  topics: string[];
}

export const questionBankSubjects: QuestionBankSubject[] = [
  {
    name: "Process Calculations and Thermodynamics",
    questions: 500,
    topics: ["Material and energy balances", "Recycle, bypass and purge", "Phase and reaction equilibria"],
  },
  {
    name: "Fluid Mechanics and Mechanical Operations",
    questions: 400,
    topics: ["Flow through pipes and pumps", "Packed and fluidized beds", "Filtration and size reduction"],
  },
  {
    name: "Heat and Mass Transfer",
    questions: 450,
    topics: ["Heat exchangers and evaporators", "Distillation and absorption", "HTU, NTU and stage efficiency"],
  },
];
