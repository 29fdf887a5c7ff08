// The official GATE Chemical Engineering (CH) syllabus, section by section, as published by the
// organising IIT (spec §2: GATE Syllabus, static). Topic wording follows the official text so
// students can match it against the brochure; only the long paragraphs are split into list items.

export interface SyllabusPart {
  /** A named block inside a section, e.g. "Linear Algebra"; absent when the section is one list. */
  title?: string;
  topics: string[];
}

export interface SyllabusSection {
  /** Fragment id for the in-page table of contents. */
  id: string;
  /** "Section 1" … "Section 9"; General Aptitude is a separate, common paper section. */
  label: string;
  title: string;
  parts: SyllabusPart[];
}

export const syllabusOverview = {
  paper: "Chemical Engineering (CH)",
  facts: [
    "65 questions for 100 marks, 3 hours, computer-based test",
    "General Aptitude: 15 marks (common to all GATE papers)",
    "Engineering Mathematics: about 13 marks; core Chemical Engineering: about 72 marks",
    "Question types: multiple choice (MCQ), multiple select (MSQ) and numerical answer (NAT); negative marking applies to MCQs only",
  ],
} as const;

export const syllabusSections: SyllabusSection[] = [
  {
    id: "engineering-mathematics",
    label: "Section 1",
    title: "Engineering Mathematics",
    parts: [
      {
        title: "Linear Algebra",
        topics: ["Matrix algebra", "Systems of linear equations", "Eigenvalues and eigenvectors"],
      },
      {
        title: "Calculus",
        topics: [
          "Functions of single variable; limit, continuity and differentiability",
          "Taylor series; mean value theorems",
          "Evaluation of definite and improper integrals",
          "Partial derivatives; total derivative; maxima and minima",
          "Gradient, divergence and curl; vector identities; directional derivatives",
          "Line, surface and volume integrals",
          "Stokes, Gauss and Green's theorems",
        ],
      },
      {
        title: "Differential Equations",
        topics: [
          "First order equations (linear and nonlinear)",
          "Higher order linear differential equations with constant coefficients",
          "Cauchy's and Euler's equations",
          "Initial and boundary value problems",
          "Laplace transforms",
          "Solutions of one-dimensional heat and wave equations and Laplace equation",
        ],
      },
      {
        title: "Complex Variables",
        topics: ["Complex numbers", "Polar form of complex numbers", "Triangle inequality"],
      },
      {
        title: "Probability and Statistics",
        topics: [
          "Definitions of probability and sampling theorems",
          "Conditional probability",
          "Mean, median, mode and standard deviation",
          "Random variables; Poisson, normal and binomial distributions",
          "Linear regression analysis",
        ],
      },
      {
        title: "Numerical Methods",
        topics: [
          "Numerical solutions of linear and non-linear algebraic equations",
          "Integration by trapezoidal and Simpson's rule",
          "Single and multi-step methods for numerical solution of differential equations",
        ],
      },
    ],
  },
  {
    id: "process-calculations-and-thermodynamics",
    label: "Section 2",
    title: "Process Calculations and Thermodynamics",
    parts: [
      {
        title: "Process Calculations",
        topics: [
          "Steady and unsteady state mass and energy balances including multiphase, multi-component, reacting and non-reacting systems",
          "Use of tie components; recycle, bypass and purge calculations",
          "Gibbs phase rule and degree of freedom analysis",
        ],
      },
      {
        title: "Thermodynamics",
        topics: [
          "First and second laws of thermodynamics",
          "Applications of the first law to closed and open systems",
          "Second law and entropy",
          "Thermodynamic properties of pure substances: equations of state and residual properties",
          "Properties of mixtures: partial molar properties, fugacity, excess properties and activity coefficients",
          "Phase equilibria: predicting VLE of systems",
          "Chemical reaction equilibrium",
        ],
      },
    ],
  },
  {
    id: "fluid-mechanics-and-mechanical-operations",
    label: "Section 3",
    title: "Fluid Mechanics and Mechanical Operations",
    parts: [
      {
        title: "Fluid Mechanics",
        topics: [
          "Fluid statics; surface tension",
          "Newtonian and non-Newtonian fluids; transport properties",
          "Shell balances including differential form of Bernoulli equation and energy balance",
          "Equation of continuity, equation of motion, equation of mechanical energy",
          "Macroscopic friction factors; dimensional analysis and similitude",
          "Flow through pipeline systems; velocity profiles; flow meters",
          "Pumps and compressors",
          "Elementary boundary layer theory",
          "Flow past immersed bodies including packed and fluidized beds",
          "Turbulent flow: fluctuating velocity, universal velocity profile and pressure drop",
        ],
      },
      {
        title: "Mechanical Operations",
        topics: [
          "Particle size and shape; particle size distribution",
          "Size reduction and classification of solid particles",
          "Free and hindered settling; centrifuges and cyclones",
          "Thickening and classification; filtration",
          "Agitation and mixing",
          "Conveying of solids",
        ],
      },
    ],
  },
  {
    id: "heat-transfer",
    label: "Section 4",
    title: "Heat Transfer",
    parts: [
      {
        topics: [
          "Equation of energy",
          "Steady and unsteady heat conduction, convection and radiation",
          "Thermal boundary layer and heat transfer coefficients",
          "Boiling, condensation and evaporation",
          "Types of heat exchangers and evaporators and their process calculations",
          "Design of double pipe, shell and tube heat exchangers, and single and multiple effect evaporators",
        ],
      },
    ],
  },
  {
    id: "mass-transfer",
    label: "Section 5",
    title: "Mass Transfer",
    parts: [
      {
        topics: [
          "Fick's laws; molecular diffusion in fluids",
          "Mass transfer coefficients; film, penetration and surface renewal theories",
          "Momentum, heat and mass transfer analogies",
          "Stage-wise and continuous contacting and stage efficiencies; HTU and NTU concepts",
          "Design and operation of equipment for distillation, absorption, leaching, liquid-liquid extraction, drying, humidification, dehumidification and adsorption",
          "Membrane separations (micro-filtration, ultra-filtration, nano-filtration and reverse osmosis)",
        ],
      },
    ],
  },
  {
    id: "chemical-reaction-engineering",
    label: "Section 6",
    title: "Chemical Reaction Engineering",
    parts: [
      {
        topics: [
          "Theories of reaction rates",
          "Kinetics of homogeneous reactions; interpretation of kinetic data",
          "Single and multiple reactions in ideal reactors",
          "Kinetics of enzyme reactions (Michaelis-Menten and Monod models)",
          "Non-ideal reactors; residence time distribution; single parameter model",
          "Non-isothermal reactors",
          "Kinetics of heterogeneous catalytic reactions; diffusion effects in catalysis",
          "Rate and performance equations for catalyst deactivation",
        ],
      },
    ],
  },
  {
    id: "instrumentation-and-process-control",
    label: "Section 7",
    title: "Instrumentation and Process Control",
    parts: [
      {
        topics: [
          "Measurement of process variables; sensors and transducers",
          "P&ID equipment symbols",
          "Process modelling and linearization",
          "Transfer functions and dynamic responses of various systems",
          "Systems with inverse response; process reaction curve",
          "Controller modes (P, PI and PID); control valves",
          "Analysis of closed loop systems including stability, frequency response and controller tuning",
          "Cascade and feed forward control",
        ],
      },
    ],
  },
  {
    id: "plant-design-and-economics",
    label: "Section 8",
    title: "Plant Design and Economics",
    parts: [
      {
        topics: [
          "Principles of process economics and cost estimation including depreciation and total annualized cost",
          "Cost indices, rate of return, payback period, discounted cash flow",
          "Optimization in process design",
          "Sizing of chemical engineering equipment such as compressors, heat exchangers and multistage contactors",
        ],
      },
    ],
  },
  {
    id: "chemical-technology",
    label: "Section 9",
    title: "Chemical Technology",
    parts: [
      {
        topics: [
          "Inorganic chemical industries (sulfuric acid, phosphoric acid, chlor-alkali industry)",
          "Fertilizers (ammonia, urea, SSP and TSP)",
          "Natural products industries (pulp and paper, sugar, oil and fats)",
          "Petroleum refining and petrochemicals",
          "Polymerization industries (polyethylene, polypropylene, PVC and polyester synthetic fibres)",
        ],
      },
    ],
  },
  {
    id: "general-aptitude",
    label: "Common to all papers",
    title: "General Aptitude",
    parts: [
      {
        title: "Verbal Aptitude",
        topics: [
          "Basic English grammar: tenses, articles, adjectives, prepositions, conjunctions, verb-noun agreement and other parts of speech",
          "Basic vocabulary: words, idioms and phrases in context",
          "Reading and comprehension",
          "Narrative sequencing",
        ],
      },
      {
        title: "Quantitative Aptitude",
        topics: [
          "Data interpretation: data graphs (bar graphs, pie charts and other graphs representing data), 2- and 3-dimensional plots, maps and tables",
          "Numerical computation and estimation: ratios, percentages, powers, exponents and logarithms, permutations and combinations, and series",
          "Mensuration and geometry",
          "Elementary statistics and probability",
        ],
      },
      {
        title: "Analytical Aptitude",
        topics: ["Logic: deduction and induction", "Analogy", "Numerical relations and reasoning"],
      },
      {
        title: "Spatial Aptitude",
        topics: [
          "Transformation of shapes: translation, rotation, scaling, mirroring, assembling and grouping",
          "Paper folding, cutting and patterns in 2 and 3 dimensions",
        ],
      },
    ],
  },
];
